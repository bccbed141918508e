"""The Label page's words (``app/views/label.py``): its own table of strings in both languages (``STRINGS``,
``tr``), the sentences it builds from them, and how it names a tile kind, a photo and a path to this visitor."""
from __future__ import annotations

import re
from pathlib import Path

import streamlit as st

from app import settings
from app.components.common import as_typed
from app.components.i18n import ISSUE_JA, lang, text_in
from app.components.result import list_sep
from app.components.visitor import is_local_visitor, said_in, said_path
from scorer import Game, TilelensInputError
from tilelens.labelling.checks import phone_text, with_way
from tilelens.labelling.model import IssueKind
from tilelens.labelling.replaced import forgotten_words

STRINGS = {
    "title": ("ラベル付け", "Label tiles"),
    "folder": ("データセットのフォルダ", "Dataset folder"),
    "folder_help": ("データセットのフォルダ (data.yaml のあるフォルダ)、または写真の入ったフォルダ (ここで下書きします)",
                    "A dataset's folder (the one with its data.yaml), or a folder of photos to pre-label here"),
    "folder_missing": ("`{p}` というフォルダはありません。パスを確かめてください。",
                       "The folder `{p}` is not there: check the path."),
    "folder_file": ("`{p}` はファイルです。写真の入ったフォルダを入力してください。",
                    "`{p}` is a file: enter the folder that holds the photos."),
    "folder_home": ("`{p}` はホームフォルダ (またはそれを含むフォルダ) なので、データセットにはできません。写真を入れた"
                    "専用のフォルダを入力してください。",
                    "`{p}` is your home folder (or holds it), so it cannot be a dataset: put the photos in a folder "
                    "made for them, and enter that one."),
    "data_yaml_folder": ("`{p}` はフォルダです。データセットのファイル data.yaml と同じ名前なので、フォルダを移してください。",
                         "`{p}` is a folder: that is the name of the dataset's own file, so move the folder away."),
    "no_folder": ("フォルダを入力するか、下で写真から新しいデータセットを作ってください。",
                  "Enter a dataset folder, or start a new dataset from photos below."),
    # a visitor from the network (a phone): a dataset is named, not a folder of the computer (``visitor_path``)
    "folder_away": ("開くデータセットの名前", "Name of the dataset to open"),
    "folder_help_away": ("下の一覧のデータセットの名前 (例: club-photos)。主催者が共有したフォルダは、その名前と中のパス "
                         "(例: club-share/set)。",
                         "A dataset's name, as listed below (like club-photos); for a folder the organiser shared, its "
                         "name and the path in it (like club-share/set)."),
    "no_folder_away": ("データセットの名前を入力するか、下で写真から新しいデータセットを作ってください。",
                       "Enter a dataset's name, or start a new dataset from photos below."),
    "no_dataset_named": ("{name}というデータセットはありません。名前を確かめてください。",
                         "There is no dataset called {name}: check its name."),
    # a name typed in other capitals (an iPhone's keyboard: Club-photos): the one dataset of it opened, or each offered
    "case_opened": ("{typed}というデータセットはないので、大文字と小文字だけが違う{name}を開きました。",
                    "There is no dataset called {typed}: opened {name}, the same name but for capitals."),
    "case_offered": ("「{name}」のことですか？", "Did you mean {name}?"),
    # a folder inside a dataset (``enclosing_dataset``): a draft of it would move the dataset's own photos
    "inside_dataset": ("このフォルダはデータセット{name}の中にあります。ここで下書きすると、そのデータセットの写真が別の"
                       "フォルダに移ってデータセットが壊れるので、開けません。データセットそのものを開いてください。",
                       "This folder is inside the dataset {name}: labelled on its own, that dataset's photos would be "
                       "moved into a dataset of its own, breaking {name}. Open the dataset itself."),
    "inside_dataset_closed": ("このフォルダはデータセット{name}の中にあります。ここで下書きすると、そのデータセットの写真が"
                              "別のフォルダに移ってデータセットが壊れるので、開けません。",
                              "This folder is inside the dataset {name}: labelled on its own, that dataset's photos "
                              "would be moved into a dataset of its own, breaking {name}. It cannot be opened here."),
    "open_dataset": ("「{name}」を開く", "Open {name}"),
    "new_title": ("写真から新しいデータセットを作る", "Start a new dataset from photos"),
    "new_name": ("データセットの名前", "Dataset name"),
    # the start of the name offered (``label_datasets.dated_name``): 牌の写真-2026-12-06
    "new_name_base": ("牌の写真", "tile-photos"),
    "new_name_help": ("例: 自宅の麻雀牌。写真は {home}の下のこの名前のフォルダに保存されます。",
                      "For example: my-mahjong-set. The photos are kept in a folder of this name in {home}."),
    "photos_upload": ("写真 (スマホのカメラロールからも選べます)", "Photos (a phone's camera roll too)"),
    "new_create": ("作成する", "Create"),
    "new_exists": ("「{name}」はもうあります。下の一覧から開いて写真を追加してください。",
                   "There is already a dataset called {name}: open it below and add the photos there."),
    "no_upload": ("写真を選んでください。", "Choose the photos first."),
    # every dataset in the app's datasets folder, whoever made it: one list for every visitor of the app
    "yours": ("アプリを動かしているパソコンのデータセット (このアプリを使う全員で共有)",
              "Datasets on the laptop running the app (shared by everyone using it)"),
    "open": ("開く", "Open"),
    # an accepted photo is 「OK」 (the button 「OK・次へ」), one not accepted yet 「未完了」 (「未完了に戻す」), in every line
    "dataset_count": ("写真 {n}枚、OK {done}枚", "{n} photo{s}, {done} accepted"),
    "add_title": ("写真を追加", "Add photos"),
    "add_button": ("追加して下書きする", "Add and pre-label"),
    "add_custom": ("この data.yaml は独自の構成なので、ここでは写真を追加できません。",
                   "This data.yaml has a layout of its own, so photos cannot be added here."),
    "saved": ("{n}枚を保存しました。", "Saved {n} photo{s}."),
    "saving": ("写真を確かめて保存しています… {n} / {total}", "Checking and saving the photos… {n} of {total}"),
    "added": ("{n}枚を追加し、下書きしました (牌 {tiles}枚)。", "Added {n} photo{s} and pre-labelled {them} ({tiles} tile{ts})."),
    "duplicates": ("同じ写真がもうあるので省きました: {names}", "Already in the dataset, so skipped: {names}"),
    "no_photos": ("このフォルダには写真がありません。", "This folder has no photos."),
    "progress": ("OK {done} / {total}枚 (未完了 {todo})", "Accepted {done} of {total} photos ({todo} to do)"),
    "photo": ("写真", "Photo"),
    "prev": ("← 前へ", "← Previous"), "next": ("次へ →", "Next →"),
    # a button's keyboard shortcut: Streamlit shows it on the button itself, so it is not in the label too (it
    # read "Accept and next (Enter) Enter"); said again in the button's help
    "accept": ("OK・次へ", "Accept and next"),
    "shortcut": ("キーボード: {keys}", "Keyboard: {keys}"),
    "reopen": ("未完了に戻す", "Mark as to do"),
    "copy_prev": ("前の写真の枠をコピー", "Copy boxes from the previous photo"),
    "copy_ask": ("この写真にはもう枠が {n}個あります。前の写真の枠 {m}個で置き換えますか?",
                 "This photo has {n} boxes already. Replace them with the {m} boxes of the previous photo?"),
    "copy_replace": ("置き換える", "Replace them"),
    "copy_keep": ("この写真の枠を残す", "Keep this photo's boxes"),
    "draw_hint": ("写真の上をドラッグすると枠を追加、枠をクリックすると選択、枠の中からドラッグすると移動します。"
                  "スマホでは1本指でページをスクロールします。長押ししてから指を動かすと枠を追加・移動、"
                  "タップで選択、2本指で拡大できます。",
                  "Drag on the photo to add a box; click a box to select it, or drag it to move it. On a phone, "
                  "one finger scrolls the page: touch and hold, then drag, to add or move a box; tap to select; "
                  "two fingers zoom."),
    # a phone's (or a tablet's) alone: no mouse to click with (``_label_css`` shows one or the other)
    "draw_hint_touch": ("1本指でページをスクロールします。長押ししてから指を動かすと枠を追加・移動、タップで選択 (小さい枠は"
                        "そのすぐ横をタップしても選べます。下の「枠を選ぶ」からも選べます)、2本指で拡大できます。",
                        "One finger scrolls the page: touch and hold, then drag, to add or move a box; tap a box (or "
                        "just beside a small one) to select it, or pick it from “Pick a box” below; two fingers "
                        "zoom."),
    "pick_box": ("枠を選ぶ", "Pick a box"),
    "boxes": ("枠 {n}個", "{n} boxes"),
    "no_box": ("枠を選ぶと、牌の種類を直したり、消したり、動かしたりできます。",
               "Select a box to change its tile, delete it or nudge it."),
    "selected": ("枠 {i}: {name}", "Box {i}: {name}"),
    "kind": ("牌の種類", "Tile"),
    # the keys (Delete, Shift+arrows) are said after these on a laptop only (``_label_css``): a phone has none
    "delete": ("枠を消す", "Delete box"),
    "next_box": ("次の枠", "Next box"),
    "nudge": ("動かす", "Nudge"), "nudge_keys": ("Shift+矢印", "Shift+arrows"),
    "grow": ("大きく", "Grow"), "shrink": ("小さく", "Shrink"),
    "left": ("← 左へ", "← Left"), "right": ("→ 右へ", "→ Right"), "up": ("↑ 上へ", "↑ Up"), "down": ("↓ 下へ", "↓ Down"),
    "bad_lines": ("ラベルファイルの問題 (枠を直しても、読めない行はそのまま残します。ファイルで直してください):",
                  "Problems in this label file (an edit here keeps the lines it cannot read as they are: fix them "
                  "in the file):"),
    "chart": ("牌の種類ごとの枚数", "Tiles per kind"),
    "chart_kind": ("牌", "Tile"), "chart_count": ("枚数", "Tiles"),
    # the chart draws the kinds with tiles (84 bars, 66 of them empty, were two screens of a phone)
    "chart_empty": ("枠のない {n}種類はグラフに入れていません。", "{n} kind{s} with no tiles {are} not in the chart."),
    "pick_filter": ("牌を絞り込む", "Show only"),
    "never_seen": ("一度も出てこない種類 ({n}): {kinds}", "Kinds never seen ({n}): {kinds}"),
    "thin": ("{t}枚未満の種類 ({n}): {kinds}。この枚数のまま覚えさせると、これらの牌を読み違えやすくなります。",
             "Kinds with fewer than {t} tiles ({n}): {kinds}. A tile set enrolled from these photos will often "
             "misread them."),
    "never_seen_title": ("一度も出てこない種類 ({n})", "Kinds never seen ({n})"),
    "thin_title": ("{t}枚未満の種類 ({n})", "Kinds with fewer than {t} tiles ({n})"),
    "thin_why": ("この枚数のまま覚えさせると、これらの牌を読み違えやすくなります。",
                 "A tile set enrolled from these photos will often misread them."),
    "checks": ("データセットのチェック", "Dataset checks"),
    "split_photos": ("{split}: {n}枚", "{split}: {n} photo{s}"),
    "split_same": ("{split}: 学習用と同じ写真", "{split}: the training photos"),
    "split_train": ("学習用", "training"), "split_val": ("検証用", "validation"), "split_test": ("テスト用", "test"),
    "no_issues": ("問題は見つかりませんでした。", "No problems found."),
    "game": ("ゲーム", "Game"),
    # a dataset whose data.yaml names no game: the one its kinds are tiles of, chosen for the person (a riichi dataset
    # opened on the first game, a Donjara one), or none of any game's
    "game_guessed": ("data.yaml にゲームの指定がないので、種類の名前から{game}のデータセットと判断しました。違うときは"
                     "選び直してください。",
                     "Its data.yaml names no game: its kinds are tiles of {game}, so that game is chosen. Choose "
                     "another if it is not."),
    "game_unguessed": ("data.yaml にゲームの指定がなく、種類の名前もどのゲームの牌とも合いません。写真の牌のゲームを"
                       "選んでください。",
                       "Its data.yaml names no game, and its kinds match no game's tiles: choose the game of the "
                       "photos' tiles."),
    "no_dataset": ("このフォルダにはまだ data.yaml がありません (写真 {n}枚)。モデルで枠と牌を提案させます。",
                   "This folder has no data.yaml yet ({n} photo{s}). Let the model propose boxes and tiles."),
    # a file among the loose photos that is not one (a text file named .jpg): not counted, named once
    "not_a_photo": ("{name}は写真ではありません。数えずに、そのまま残します。",
                    "{name} is not a photo: not counted, and left where it is."),
    "not_photos": ("{names}は写真ではありません (写真でないファイル {n}個)。数えずに、そのまま残します。",
                   "{names} are not photos ({n} files): not counted, and left where they are."),
    "not_photos_more": ("ほか {n}個", "and {n} more"),
    "no_dataset_no_reader": ("このフォルダにはまだ data.yaml がありません (写真 {n}枚)。このゲームの牌を読むモデルはまだないので、"
                             "写真をラベル付け用に整理します。ここで枠を描いてください。",
                             "This folder has no data.yaml yet ({n} photo{s}). No model reads this game's tiles yet: "
                             "the button files the photos for you to label here."),
    "no_reader_filed": ("このゲームの牌を読むモデルはまだありません。写真は整理しました。ここで枠を描いて OK にし、"
                        "それから「この牌を覚えさせる」で覚えさせてください。",
                        "No model reads this game's tiles yet: the photos are filed; draw their boxes here, accept "
                        "them, then Teach."),
    "prelabel": ("モデルで下書きする", "Pre-label with the model"),
    "file_photos": ("写真をラベル付け用に整理する", "File the photos for labelling"),
    "prelabelling": ("写真を読んでいます…", "Reading the photos…"),
    # while a dataset is checked (its first visit: each photo's size read, 14 s at 1,500 photos); {n}: "1,500"
    "checking_photos": ("{n}枚の写真を確かめています…", "Checking {n} photo{s}…"),
    "prelabelled": ("{n}枚に下書きしました (牌 {tiles}枚)。", "Pre-labelled {n} photo{s} ({tiles} tile{ts})."),
    "other_game": ("次の写真の牌は {game}の牌に見えません: {photos}。ゲームの選択は合っていますか? 違うなら、枠には"
                   "間違った牌の名前が付いています。これらの写真で新しいデータセットを作り、そのゲームを選んでください。"
                   "または、認識器がまだ覚えていない牌セットの写真です。数枚にラベルを付けて、下の「この牌を覚えさせる」で"
                   "覚えさせてください (それから下の「別のゲーム・牌セットで下書きし直す」で、残りをその牌セットで下書きし直せ"
                   "ます)。",
                   "These photos' tiles do not look like {game}'s: {photos}. Is the game right? If not, their boxes "
                   "are named with the wrong tiles: start a new dataset of these photos and choose their game. Or "
                   "they show a tile set the recognizer has not learnt yet: label a few photos and teach it "
                   "(\"Teach the recognizer these tiles\", below), then pre-label the rest again with that tile set "
                   "(\"Pre-label again with another game or set\", below)."),
    "other_game_more": ("ほか {n}枚", "and {n} more"),
    "list_more": ("、{more}", ", {more}"),
    "add_kind": ("牌の種類を追加", "Add a tile kind"),
    "add_kind_help": ("ゲームにない牌 (花牌、限定牌など) を、このデータセットの種類に追加します。枠のラベルは"
                      "そのままです。",
                      "Adds a tile the game lacks (a set's flowers, a promo tile) to this dataset's kinds. The labels "
                      "of the boxes stay as they are."),
    "add_kind_id": ("ID (半角英数字: f1、promo-01 など)", "Id (ASCII, like f1 or promo-01)"),
    "add_kind_name": ("表示する名前 (省略可)", "Name shown (optional)"),
    "add_kind_button": ("追加する", "Add"),
    # said in brackets in a problem's message, where the command line names `tilelens label kinds DIR --add KIND`
    "add_kind_way": ("このページの「牌の種類を追加」で", "with “Add a tile kind” on this page"),
    "add_kind_way_or": ("このページの「牌の種類を追加」か{command}で",
                        "with “Add a tile kind” on this page, or {command}"),
    "kind_added": ("牌の種類 {kind}を追加しました。", "Added the tile kind {kind}."),
    # the table the game's tiles are taken from, where it is the house table edited on the Rules page (as "Keep this
    # photo" and `tilelens label` take them): said, as the score pages say the table they score with
    "house_kinds": ("牌の種類は、アプリで編集したハウスルールの表のものです: {path}",
                    "The tile kinds are those of the house table edited in the app: {path}"),
    "dropped": ("使用中の表の牌ではない下書きの枠は外しました: {kinds}",
                "Draft boxes of kinds the table in use does not have were removed: {kinds}"),
    # the picker's tiles of the table in use the dataset does not name yet (a member the house table took back)
    "other_tiles": ("使用中の表のほかの牌 ({n})", "Other tiles of the table in use ({n})"),
    "other_tiles_help": ("このデータセットの種類にまだない牌です。選ぶと、その牌がデータセットの種類に加わります (ラベルの"
                         "番号は変わりません)。",
                         "Tiles that are not among this dataset's kinds yet: picking one adds it to them (the labels' "
                         "class numbers stay as they are)."),
    "absent_pick": ("このセットにない種類", "Kinds this set does not have"),
    "absent_placeholder": ("種類を選ぶ", "Choose kinds"),
    "absent_mark": ("セットにない種類にする", "Not in my set"),
    "absent_help": ("選んだ種類は「一度も出てこない種類」に出なくなります (データセットの設定に書き込みます)。OK にしていない"
                    "写真にその種類の枠があれば、元の牌の枠 (赤五萬なら五萬) に直します。元の牌がない種類の枠は消します。"
                    "どちらも元に戻せます。OK にした写真にあるときは、先にその枠を直してください。",
                    "The kinds chosen are no longer said never seen (data.yaml's absent:). Their boxes on the photos "
                    "not accepted become the plain kind (a red five's plain five), or are removed where there is "
                    "none; Undo brings them back. Where an accepted photo has one, fix that box first."),
    # what "Not in my set" did to the boxes of the photos not accepted yet (``kinds.mark_absent``), and its Undo
    "absent_marked": ("セットにない種類にしました: {kinds}。", "Marked not in this set: {kinds}."),
    "absent_changed": ("OK にしていない写真 {photos}枚の枠を直しました: {changes}。",
                       "Boxes changed on {photos} photo{s} not accepted: {changes}."),
    "absent_to": ("{kind} {n}個を{plain}に", "{n} {kind} made {plain}"),
    "absent_gone": ("{kind} {n}個を削除", "{n} {kind} removed"),
    "absent_marked_undo": ("↶ 元に戻す", "↶ Undo"),
    "absent_undone": ("元に戻しました: {kinds}はセットにある種類に戻り、枠も元どおりです。",
                      "Undone: {kinds} {are} in the set again, and the boxes are as they were."),
    "absent_undo_left": ("次の写真はそのあと変更されたので、枠は戻していません: {photos}",
                         "These photos were changed since, so their boxes were left as they are: {photos}"),
    "absent_refused": ("セットにない種類にはしませんでした: {kinds}は OK にした写真 {n}枚 ({photos}) の枠にあります。"
                       "先にその枠を直すか、その写真を「未完了に戻す」にしてください。",
                       "Not marked absent: {n} accepted photo{s} ({photos}) {have} boxes of {kinds}. Fix {those} "
                       "boxes first, or mark {them} as to do."),
    "absent_now": ("このセットにない種類: {kinds}", "Not in this set: {kinds}"),
    # Accept pressed on a photo with a box of a kind said not in the set: refused, as `tilelens label accept` does
    "accept_absent": ("OK にできません: {problem}", "Cannot accept this photo: {problem}"),
    "accept_absent_way": ("グラフの下の「{button}」", "“{button}”, under the chart"),  # said after "mark it as in the set"
    # Accept pressed on a photo or label lines that cannot be read (``broken_photos``, as `tilelens label accept` says)
    "accept_broken": ("OK にできません: {problem}{more}。{fix}", "Cannot accept this photo: {problem}{more}. {fix}"),
    "accept_broken_more": (" (ほか {n}件)", " (and {n} more problem{s})"),
    "accept_broken_fix": ("先に直してください。", "Fix it first."),
    "accept_broken_ask": ("アプリを動かしているパソコンの持ち主に直してもらってください。",
                          "Ask the owner of the laptop running the app to fix it."),
    "absent_undo": ("セットにあると戻す", "They are in my set"),
    "jump": ("写真を選ぶ", "Go to a photo"),
    "bad_photo": ("この写真は表示できません: {err}", "This photo cannot be shown: {err}"),
    "audit": ("モデルで見直す", "Review with the model"),
    "audit_help": ("モデルが全ての写真を読み、ラベルと違う牌だと読んだ枠と、ラベルのない牌を、確かなものから並べます。"
                   "疑いであって誤りとは限りません。ファイルは変わりません。このフォルダから覚えさせた牌セットは"
                   "自分が覚えたラベルを正しいと判断しがちです。その場合は、写真を2組に分けて互いに見直させるコマンド "
                   "`tilelens label audit フォルダ --cross 2` をターミナルで実行してください。",
                   "The model reads every photo and lists the boxes it reads as another tile, and tiles with no "
                   "label, surest first. These are suspicions, not errors; nothing is changed. A tile set enrolled "
                   "from this folder tends to agree with the labels it learned: for those, use "
                   "`tilelens label audit DIR --cross 2`."),
    "audit_run": ("見直しを始める", "Review the labels"),
    "auditing": ("写真を読んでいます…", "Reading the photos…"),
    "audit_none_reader": ("data.yaml にゲームか牌セットがないので、モデルを選べません。",
                          "data.yaml names no game or tile set, so there is no model to review with."),
    "audit_found": ("見直す枠: {wrong}個。ラベルのない牌: {unlabelled}枚。(写真 {photos}枚、ラベル {labels}個を確認)",
                    "Labels to look at: {wrong}. Tiles with no label: {unlabelled}. ({labels} labels on {photos} "
                    "photos checked)"),
    # the model of the game in use knows none of the labels' kinds (a riichi dataset reviewed as a Donjara one): the
    # game whose tiles they are named (``other``), how to choose it (``how``: the Game box, where the page has one)
    "audit_other_game": ("ラベルの種類はどれも{game}の牌ではないので、見直せるラベルがありませんでした。{other}のデータ"
                         "セットのようです。{how}",
                         "None of the labels' kinds is a tile of {game}, so no label could be reviewed: the dataset "
                         "looks like one of {other}. {how}"),
    "audit_other_how": ("上の「ゲーム」で{other}を選んで、もう一度見直してください。",
                        "Choose {other} under Game above, and review again."),
    "audit_other_how_yaml": ("data.yaml の game: を確かめてください。", "Check the game: line of its data.yaml."),
    "audit_no_game": ("ラベルの種類はどれも{game}の牌ではなく、ほかのゲームの牌でもないので、見直せるラベルがありません"
                      "でした。",
                      "None of the labels' kinds is a tile of {game}, nor of another game, so no label could be "
                      "reviewed."),
    "audit_wrong": ("ラベル {label} → モデル {reads} ({prob:.0%})", "labelled {label}, reads {reads} ({prob:.0%})"),
    "audit_unlabelled": ("ラベルなし → モデル {reads}", "no label, reads {reads}"),
    "audit_open": ("開く", "Open"),
    "audit_use": ("{reads}にする", "Make it {reads}"),
    "audit_add": ("{reads}として追加", "Add as {reads}"),
    "audit_more": ("ほか {n}件 (`tilelens label audit` で全部)", "{n} more (all of them: `tilelens label audit`)"),
    "filter": ("表示する写真", "Photos shown"),
    "filter_all": ("全部 ({n})", "All photos ({n})"),
    "filter_todo": ("未完了 ({n})", "To do ({n})"),
    "filter_problems": ("問題あり ({n})", "With problems ({n})"),
    # photos with no label file (a pre-labelling cut off: `label init` again reads them), offered while there are any
    "filter_unlabelled": ("ラベルなし ({n})", "No labels yet ({n})"),
    "filter_none": ("この絞り込みに合う写真はもうありません。", "No photo is left with this filter."),
    # where the photo is among those the filter keeps (the caption), and ← / → with none further that way
    "photo_at_all": ("写真 {i}/{n}", "Photo {i}/{n}"),
    "photo_at_todo": ("未完了の写真 {i}/{n}", "Photo {i}/{n} to do"),
    "photo_at_problems": ("問題ありの写真 {i}/{n}", "Photo {i}/{n} with problems"),
    "photo_at_unlabelled": ("ラベルなしの写真 {i}/{n}", "Photo {i}/{n} with no labels yet"),
    "photo_outside": ("写真 {i}/{n} (この絞り込みの外)", "Photo {i}/{n} of all (not one this filter keeps)"),
    "no_next_all": ("これが最後の写真です。", "This is the last photo: there is no next one."),
    "no_next_todo": ("これより後に未完了の写真はありません。", "No further photo to do after this one."),
    "no_next_problems": ("これより後に問題ありの写真はありません。", "No further photo with problems after this one."),
    "no_next_unlabelled": ("これより後にラベルなしの写真はありません。", "No further photo with no labels after this one."),
    "no_prev_all": ("これが最初の写真です。", "This is the first photo: there is no previous one."),
    "no_prev_todo": ("これより前に未完了の写真はありません。", "No photo to do before this one."),
    "no_prev_problems": ("これより前に問題ありの写真はありません。", "No photo with problems before this one."),
    "no_prev_unlabelled": ("これより前にラベルなしの写真はありません。", "No photo with no labels before this one."),
    # photos of a dataset with a model to read them that have no label file: a pre-labelling cut off (the app closed),
    # or photos put in the folder since; pre-labelled as `label init` again does (the others kept as they are)
    "left_unlabelled": ("写真 {n}枚にまだラベルがありません (下書きが途中で止まったときなど)。ほかの写真の枠はそのままで、"
                        "この {n}枚だけを下書きできます。",
                        "{n} photo{s} {have} no labels yet (a pre-labelling stopped half way, or photos put in the "
                        "folder since): {they} can be pre-labelled alone, every other photo's boxes kept as they are."),
    "prelabel_left": ("残りの {n}枚を下書きする", "Pre-label the {n} photo{s} left"),
    # photos with no label file yet (``label check``'s no-label-file, one warning each): a dataset filed without
    # proposals (`label init` of an edition nothing reads yet) is all of them, on purpose; said once
    "to_label": ("ラベルを付ける写真が {n}枚あります (ラベルファイルはまだありません)。牌の枠を描いてください。",
                 "{n} photo{s} to label (no label file yet): draw the boxes of the tiles."),
    # ... where the page offers to pre-label them (a pre-labelling cut off: ``label_datasets._left_panel``'s button)
    "to_label_prelabel": ("ラベルを付ける写真が {n}枚あります (ラベルファイルはまだありません)。上の「{button}」で下書き"
                          "するか、牌の枠を描いてください。",
                          "{n} photo{s} to label (no label file yet): pre-label {them} with “{button}” above, or draw "
                          "the boxes of the tiles."),
    "photo_issues": ("データセットのチェックで見つかったこの写真の問題:", "What the dataset check found on this photo:"),
    # "Add a box" with no place left that holds no box (a box as large as the photo): nothing added, nothing selected
    "no_box_place": ("枠を追加できませんでした。最後の枠の横にも写真の中央にも、もう枠があります。枠を小さくするか動かして"
                     "から押し直すか、写真の上をドラッグして枠を追加してください。",
                     "No box was added: beside the last box and in the middle of the photo there is a box already. "
                     "Shrink or move a box and press again, or drag on the photo to draw one."),
    "box_changed": ("この枠は別のタブや別のスマホで変更されたか消されたので、何もしませんでした。枠を選び直してください。",
                    "That box was changed in another tab or on another phone, or removed, so nothing was done: select "
                    "the box again."),
    "move_gone": ("動かした枠は、元の場所にもうありません (別のタブや別のスマホで動かされたか消されました)。どの枠も"
                  "動かしていません。今の写真を見て、もう一度動かしてください。",
                  "The box you moved is no longer where it was (it was moved or removed in another tab or on another "
                  "phone): no box was moved. Look at the photo as it is now and move it again."),
    "delete_gone": ("消した枠は、元の場所にもうありません (別のタブや別のスマホで動かされたか消されました)。どの枠も"
                    "消していません。今の写真を見て、必要ならもう一度消してください。",
                    "The box you removed is no longer where it was (it was moved or removed in another tab or on "
                    "another phone): no box was removed. Look at the photo as it is now and remove it again if need "
                    "be."),
    "undo": ("↶ 元に戻す", "↶ Undo"),
    "undo_help": ("{photo}の枠への最後の変更を取り消します", "Takes back the last change to the boxes of {photo}"),
    "undo_none": ("取り消す変更はありません", "Nothing to undo"),
    "undo_stale": ("{photo}は、このタブで変更したあと別の場所 (別のタブなど) で変更されているので、元に戻しませんでした。",
                   "{photo} was changed since elsewhere (in another tab?), so it was not undone: check its boxes."),
    "gone_dataset": ("アドレスにあるデータセットのフォルダはもうありません: {p}",
                     "The dataset folder in the address is no longer there: {p}"),
    "gone_photo": ("{photo}はもうこのデータセットにありません。最初の写真を表示します。",
                   "{photo} is no longer in this dataset: its first photo is shown."),
    # ---- a visitor from the network (a phone): no command line to run, no laptop path, no file of the dataset
    "bad_lines_away": ("この写真のラベルファイルに読めない行があります (ここで枠を直しても、その行はそのまま残ります。直すには、"
                       "アプリを動かしているパソコンの持ち主に頼んでください):",
                       "This photo's label file has lines that cannot be read (an edit here keeps them as they are: "
                       "to fix them, ask the owner of the laptop running the app):"),
    "house_kinds_away": ("牌の種類は、アプリで編集したハウスルールの表のものです。",
                         "The tile kinds are those of the house table edited in the app."),
    "new_name_help_away": ("例: 自宅の麻雀牌。写真は、アプリを動かしているパソコンに、この名前で保存されます。",
                           "For example: my-mahjong-set. The photos are kept under this name on the laptop running "
                           "the app."),
    "no_dataset_away": ("このデータセットの写真 {n}枚には、まだ牌の一覧も枠もありません。ゲームか牌セットを選ぶと、"
                        "そのモデルが枠と牌を下書きします。",
                        "This dataset has no tile list yet ({n} photo{s}): choose the game or tile set, and its model "
                        "proposes the boxes and tiles."),
    "no_dataset_no_reader_away": ("このデータセットの写真 {n}枚には、まだ牌の一覧も枠もありません。このゲームの牌を読む"
                                  "モデルはまだないので、写真をラベル付け用に整理します。ここで枠を描いてください。",
                                  "This dataset has no tile list yet ({n} photo{s}). No model reads this game's tiles "
                                  "yet: the button files the photos for you to label here."),
    # a new dataset: its game (or tile set) asked, never the first of the list chosen for the person
    "pick_game": ("ゲームか牌セットを選んでください", "Choose the game or tile set"),
    "pick_game_first": ("写真の牌のゲームか牌セットを選んでください。選ぶまで下書きはしません。",
                        "Choose the game or tile set of the photos' tiles: nothing is pre-labelled until you do."),
    "audit_help_away": ("モデルが全ての写真を読み、ラベルと違う牌だと読んだ枠と、ラベルのない牌を、確かなものから並べます。"
                        "疑いであって誤りとは限りません。ファイルは変わりません。このデータセットから覚えさせた牌セットは"
                        "自分が覚えたラベルを正しいと判断しがちです。写真を2組に分けて互いに見直させる見直しは、アプリを"
                        "動かしているパソコンの持ち主に頼んでください。",
                        "The model reads every photo and lists the boxes it reads as another tile, and tiles with no "
                        "label, surest first. These are suspicions, not errors; nothing is changed. A tile set taught "
                        "from this dataset tends to agree with the labels it learned: for a review by two halves of "
                        "the photos, each checking the other, ask the owner of the laptop running the app."),
    "audit_more_away": ("ほか {n}件 (ここに出ている枠を直すと、次の見直しで残りが出ます)",
                        "{n} more (fix those shown, and review again to see the rest)"),
    "audit_none_reader_away": ("このデータセットにはゲームも牌セットも決まっていないので、見直すモデルがありません。",
                               "This dataset has no game or tile set, so there is no model to review with."),
    "other_game_away": ("次の写真の牌は {game}の牌に見えません: {photos}。ゲームの選択は合っていますか? 違うなら、枠には"
                        "間違った牌の名前が付いています。下の「別のゲーム・牌セットで下書きし直す」で選び直してください。"
                        "または、認識器がまだ覚えていない牌セットの写真です。数枚にラベルを付けて、下の「この牌を覚えさせる」"
                        "で覚えさせてください (それから残りを、その牌セットで下書きし直せます)。",
                        "These photos' tiles do not look like {game}'s: {photos}. Is the game right? If not, their "
                        "boxes are named with the wrong tiles: choose again in \"Pre-label again with another game or "
                        "set\", below. Or they show a tile set the recognizer has not learnt yet: label a few photos "
                        "and teach it (\"Teach the recognizer these tiles\", below), then pre-label the rest again "
                        "with that tile set."),
    "no_game_in_dataset": ("data.yaml にゲームも牌セットもないので、下書きできません",
                           "data.yaml names no game or tile set to pre-label with"),
    "no_game_in_dataset_away": ("このデータセットにはゲームも牌セットも決まっていないので、下書きできません。写真は保存しました: "
                                "ここで枠を描いてください。",
                                "This dataset has no game or tile set to pre-label with: the photos are saved; draw "
                                "their boxes here."),
    # "Add photos": the model that pre-labels them (a set taught from this dataset first, the newest first)
    "add_with": ("下書きに使うモデル", "Pre-label with"),
    "add_with_help": ("このデータセットから覚えさせた牌セットがあれば、新しいものから選ばれています。",
                      "A tile set taught from this dataset is chosen, where there is one (the newest)."),
    # pre-label the photos not accepted again, with another game or tile set
    "redo_title": ("別のゲーム・牌セットで下書きし直す", "Pre-label again with another game or set"),
    "redo_help": ("OK にしていない写真の枠を、選んだモデルの下書きで置き換えます。OK にした写真はそのままです。",
                  "The boxes of the photos not accepted are replaced by the chosen model's proposals; the photos "
                  "accepted stay as they are."),
    "redo_with": ("ゲームか牌セット", "Game or tile set"),
    "redo": ("下書きし直す", "Pre-label again"),
    "redo_ask": ("OK にしていない写真 {n}枚を{choice}で下書きし直しますか? 今の枠 (ここで直した枠も) は置き換わります。"
                 "OK にした写真 {done}枚はそのままです。下書きし直しは「↶ 元に戻す」では戻せません。",
                 "Pre-label the {n} photo{s} not accepted again with {choice}? Their boxes (those corrected here too) "
                 "are replaced, and ↶ Undo cannot take this back. The {done} accepted stay as they are."),
    "redo_set": ("牌セット「{name}」", "the tile set “{name}”"),
    # a set taught from the dataset since its photos to do were pre-labelled: said above "Pre-label again", chosen there
    "redo_after_teach": ("牌セット「{name}」を覚えさせました。OK にしていない写真 {n}枚を、この牌セットで下書きし直せます: "
                         "下の「別のゲーム・牌セットで下書きし直す」で「下書きし直す」を押してください。",
                         "The tile set “{name}” is taught: the {n} photo{s} not accepted can be pre-labelled again "
                         "with it (\"Pre-label again\", below)."),
    "redo_yes": ("置き換える", "Replace them"),
    "redo_no": ("やめる", "Cancel"),
    "redo_refused_done": ("OK にした写真が {n}枚あり、その枠は今の牌の一覧で付けたものなので、ゲームは変えられません。"
                          "変えるには、それらの写真を「未完了に戻す」か、新しいデータセットで始めてください。",
                          "{n} photo{s} {are} accepted, boxed with this dataset's tile list, so its game cannot "
                          "change: mark {them} as to do first, or start a new dataset."),
    "redo_refused_layout": ("このデータセットの data.yaml は独自の構成なので、ここではゲームを変えられません。",
                            "This dataset's data.yaml has a layout of its own, so its game cannot change here."),
    # remove a photo or a dataset: moved aside into the home's ``removed`` folder, and back with Undo
    "remove_photo": ("この写真を外す", "Remove this photo"),
    "remove_photo_ask": ("{photo}をこのデータセットから外しますか? 写真とその枠は削除済みのフォルダに移すので、元に戻せます。",
                         "Remove {photo} from this dataset? The photo and its boxes are moved to a folder of removed "
                         "things, so you can bring them back."),
    "remove_photo_yes": ("外す", "Remove it"),
    "remove_no": ("やめる", "Cancel"),
    "removed_photo": ("{photo}をデータセットから外しました。", "Removed {photo} from the dataset."),
    "manage": ("ダウンロード・削除", "Download or remove"),
    "download": ("データセットをダウンロード (ZIP)", "Download the dataset (zip)"),
    "download_help": ("写真、枠 (ラベル)、牌の一覧、OK にした写真の印、元の写真 (HEIC など) を、1つの ZIP ファイルに"
                      "します。パソコンで開けば、そのまま続けたり覚えさせたりできます。",
                      "The photos, their boxes (YOLO labels), the tile list, which photos are accepted and the "
                      "original photos (HEIC and the like), in one zip file: opened on a computer, the work goes on "
                      "(and teaches) from there."),
    "remove_dataset": ("このデータセットを削除", "Remove this dataset"),
    "remove_dataset_ask": ("データセット{name}を削除しますか? 写真 {n}枚とその枠は削除済みのフォルダに移すので、元に"
                           "戻せます。",
                           "Remove the dataset {name}? Its {n} photo{s} and their boxes are moved to a folder of "
                           "removed things, so you can bring them back."),
    "remove_dataset_yes": ("削除する", "Remove it"),
    "removed_dataset": ("データセット{name}を削除しました。", "Removed the dataset {name}."),
    "removed_where": ("移した先: {path}", "Moved to: {path}"),
    "removed_later": ("あとからでも、アプリを動かしているパソコンの持ち主が戻せます。",
                      "Later, the owner of the laptop running the app can bring it back."),
    "removed_undo": ("↶ 元に戻す", "↶ Undo"),
    "restored": ("{name}を元に戻しました。", "Brought {name} back."),
    "restore_taken": ("{name}を元に戻せません: 同じ名前のものがもうあります。", "{name} cannot be brought back: "
                      "something of the same name is there now."),
    # removed, then the dataset pre-labelled again with another game's tile list, which lacks its boxes' tiles
    "restore_relisted": ("{name}を元に戻せません: 削除したあとでデータセットを別の牌の一覧で下書きし直したので、この写真の"
                         "枠の牌 ({kinds}) が今の一覧にありません。",
                         "{name} cannot be brought back: the dataset was pre-labelled again with another tile list "
                         "since it was removed, and that list has no {kinds} for its boxes."),
    "restore_relisted_how": ("{was}で下書きし直すと、枠ごと戻せます。", "Pre-label again with {was} to bring it back "
                             "with its boxes."),
    "remove_teaching": ("このデータセットから覚えさせている最中なので、削除できません。終わってからにしてください。",
                        "This dataset is being taught from: remove it once that is done."),
}
# photos replaced under their names, dealt with: as label init says them (the table above stays a literal)
STRINGS |= {key: (ja, en[:1].upper() + en[1:]) for key, (en, ja) in forgotten_words(("here", "ここで")).items()}


def issue_text(issue, root: Path | None = None, config=None, bare: bool = False) -> str:
    """One problem of the dataset check in the page's language (Japanese: what it is, then the details), as
    markdown that shows it as typed: a class name ``'*odd*'`` not in italics, ``a.txt:100:`` not 💯. Never its code
    (``[unknown-tile-kind]``: the command line's tag, which the English screen showed). ``root``, ``config``: the
    dataset and its data.yaml, whose paths a visitor from the network is shown short (``_named_in``). A visitor from
    the network (a phone, no terminal) is told a problem without the command that fixes it (``checks.phone_text``:
    the page's own buttons do it), as its paths are never the laptop's. A kind to add (``unknown-tile-kind``) is
    told the page's "Add a tile kind" in the command's place; the laptop, beside it. ``bare``: where and what alone,
    without the Japanese severity and kind (「エラー【…】」) that a list of problems starts with."""
    local = is_local_visitor()
    add_kind = issue.kind == IssueKind.UNKNOWN_KIND  # the page's own panel adds it

    def shown(text: str) -> str:
        return _named_in(text, root, config) if root is not None else text

    def told(message: str, language: str) -> str:
        if local:
            return shown(with_way(message, tr("add_kind_way_or")) if add_kind else message)
        return shown(phone_text(message, language, way=tr("add_kind_way") if add_kind else None))

    photo = run_table(PHOTO_OF_FILE_KEY).get(issue.path) if root is not None and not local else None
    # a phone is told the photo by its name, as the page names it elsewhere, not by its label file and line
    where = photo or shown(f"{issue.path}:{issue.line}" if issue.line else issue.path)

    def said_of(message: str) -> str:
        """``where: message``; a message that names the photo first (the absent kind's: the command line's line names
        the label file) names it once to a phone, as the page names it."""
        own = run_table(FILE_NAME_OF_KEY).get(issue.path) if photo else None
        if own and message.startswith(f"{own} "):
            return f"{photo}{message[len(own):]}"
        return f"{where}: {message}"

    if lang() != "ja":
        return as_typed(said_of(told(issue.message, "en")))  # an error or a warning as the box it is shown in says
    said = said_of(told(issue.message_ja or issue.message, "ja"))
    if bare:
        return as_typed(said)
    severity = "エラー" if issue.is_error else "注意"
    what = f"【{ISSUE_JA[str(issue.kind)]}】" if str(issue.kind) in ISSUE_JA else ": "
    return as_typed(f"{severity}{what}{said}")


def accept_absent_text(issues) -> str:
    """Why Accept refused a photo with boxes of a kind the dataset marks absent: the check's words for each kind
    (``checks._absent_in_use``, as `tilelens label accept` says it), without the command (the laptop's page says it
    under the photo; a phone has none), and the page's own way to mark the kind as in the set."""
    ja = lang() == "ja"
    problems = ("" if ja else " ").join(phone_text(i.message_ja if ja and i.message_ja else i.message,
                                                   "ja" if ja else "en") for i in issues)
    way = f" ({tr('accept_absent_way', button=tr('absent_undo'))})"
    stop = "。" if ja else "."
    said = problems[:-1] + way + stop if problems.endswith(stop) else problems + way  # said once, after the last
    return tr("accept_absent", problem=as_typed(said))


def accept_broken_text(issues, root: Path | None = None, config=None) -> str:
    """Why Accept refused a photo that cannot be read, or whose label lines cannot be (``cli.broken_photos``, by which
    `tilelens label accept` refuses it): the check's words for its first problem as the page says it under the photo
    (``issue_text``), the rest counted, and who can fix it (a phone cannot: its owner's laptop). One line."""
    more = tr("accept_broken_more", n=len(issues) - 1, s="" if len(issues) == 2 else "s") if issues[1:] else ""
    problem = issue_text(issues[0], root, config, bare=True).rstrip(".。")
    fix = tr("accept_broken_fix" if is_local_visitor() else "accept_broken_ask")
    return tr("accept_broken", problem=problem, more=more, fix=fix)


def tr(key: str, **fmt) -> str:
    """This page's string ``key`` in the chosen language."""
    return text_in(STRINGS, key, **fmt)


def checking_text(n: int) -> str:
    """"Checking 1,500 photos…" / 「1,500枚の写真を確かめています…」: the spinner while a dataset is checked."""
    return tr("checking_photos", n=f"{n:,}", s="s" if n != 1 else "")


def _saved_line(n: int) -> str:
    """"Saved 1 photo." / "Saved 2 photos." (the Japanese counts with 枚 either way)."""
    return tr("saved", n=n, s="s" if n != 1 else "")


def game_names() -> dict[str, str]:
    """Each game the app offers (the shipped ones, those added in the app) -> its name in the screen's language,
    as its table in use names it (an organiser's edit may rename it; the id where no file of it will load), no two
    alike (``settings.game_labels``: a picker gives the last game of a label)."""
    return settings.game_labels(lang())


# The page's tables of names, set by the page on each run (``new_run``: empty at its start) and read by the words
# here, in that run and in the callbacks of its widgets (which run first in the next). Kept in the session: the page's
# module is made anew on every run, so its globals were one run's; a module's globals are every visitor's at once.
# the kinds the open dataset added to its game's (``data.yaml``'s ``own_kinds``), id -> the name shown
OWN_NAMES_KEY = "label_own_names"
# each photo of the open dataset, and its label file (paths relative to it) -> the photo as the page names it
# (``photo_names``): a problem of the check is said to a phone by its photo's name; set on a phone
PHOTO_OF_FILE_KEY = "label_photo_of_file"
# the same label files and photos -> the photo's file name (``IMG_8002.jpg``), as a message of the check names it
FILE_NAME_OF_KEY = "label_file_name_of"
RUN_TABLES = (OWN_NAMES_KEY, PHOTO_OF_FILE_KEY, FILE_NAME_OF_KEY)


def new_run() -> None:
    """Empty the page's tables of names (``RUN_TABLES``): called first on each run of the page."""
    for key in RUN_TABLES:
        st.session_state[key] = {}


def run_table(key: str) -> dict[str, str]:
    """The page's table of names ``key`` (one of ``RUN_TABLES``) as this run set it."""
    return st.session_state.setdefault(key, {})


# the detector's kinds (``vision.data_yaml.DETECTOR_NAMES``), in a dataset that keeps them beside the tiles': no game's
# tiles, named on a Japanese screen (「back, tile」 in English there); an English one shows their ids, words already
DETECTOR_KINDS_JA = {"back": "裏向きの牌", "tile": "表向きの牌"}


def _name(game: Game | None, kind: str, with_id: bool = True) -> str:
    """A kind as the page names it: the game's name in the screen's language, else the name the dataset gave it (a set's
    flowers: 秋 for f3, with its id on an English screen, ``with_id``), else the detector's kind's Japanese name on a
    Japanese screen (``DETECTOR_KINDS_JA``), else its id."""
    try:
        tile = game.tile(kind) if game else None
    except TilelensInputError:  # an id the catalog does not know is shown as it is
        tile = None
    if tile is None:
        own = run_table(OWN_NAMES_KEY).get(kind, kind)
        if own == kind and lang() == "ja":
            own = DETECTOR_KINDS_JA.get(kind, kind)
        # a name the dataset gave (秋 for f3) on an English screen: with its id, which an English reader can read
        return own if own == kind or lang() == "ja" or not with_id else f"{own} ({kind})"
    return tile.name_ja if lang() == "ja" else tile.name_en


def _named_with_id(game: Game | None, kind: str) -> str:
    """A kind as a picker lists it: its name with its id ("五萬 (5m)"), once ("秋 (f3)" on an English screen has it)."""
    name = _name(game, kind)
    return name if name == kind or name.endswith(f"({kind})") else f"{name} ({kind})"


def _name_md(game: Game | None, kind: str, with_id: bool = True) -> str:
    """``_name`` as markdown that shows it as written (a dataset's own kind "*odd*" or ":smile:" as typed)."""
    return as_typed(_name(game, kind, with_id))


ROBOFLOW_NAME = re.compile(r"^(?P<stem>.+)_(?P<ext>jpe?g|png|webp|bmp)\.rf\.[0-9a-f]{20,}\.\w+$", re.IGNORECASE)
SHORT_NAME = 32  # characters of a photo's name shown (a phone's line): longer ones lose their middle


def short_name(photo: str) -> str:
    """A photo as the page names it: its file name without the folders (``images/train/``), a Roboflow export's
    added ``_jpg.rf.<hash>.jpg`` taken off, and a long one cut in the middle.

    >>> short_name("images/train/000001.jpg"), short_name("images/train/IMG_1_jpg.rf.b947432a5286f45ef915c9bb2f5f7dac.jpg")
    ('000001.jpg', 'IMG_1.jpg')
    >>> short_name("images/train/367510082_1446416116203876_4782610030311571409_n.jpg")
    '367510082_14464…0311571409_n.jpg'
    """
    name = Path(photo).name
    roboflow = ROBOFLOW_NAME.match(name)
    if roboflow:
        name = f"{roboflow['stem']}.{roboflow['ext']}"
    if len(name) > SHORT_NAME:
        half = (SHORT_NAME - 1) // 2
        name = f"{name[:half]}…{name[-(SHORT_NAME - 1 - half):]}"
    return name


def photo_names(photos: list[str]) -> dict[str, str]:
    """Each photo as the page names it (``short_name``), with its split (``train``, ``val``) where another photo
    has the same name: two of one name in train and val looked the same."""
    shown = {p: short_name(p) for p in photos}
    seen: dict[str, int] = {}
    for name in shown.values():
        seen[name] = seen.get(name, 0) + 1

    def split(photo: str) -> str:  # images/<split>/a.jpg, or a Roboflow export's <split>/images/a.jpg
        parent = Path(photo).parent
        return parent.parent.name if parent.name == "images" and parent.parent.name else parent.name

    return {p: f"{name} ({split(p)})" if seen[name] > 1 and split(p) else name for p, name in shown.items()}


def _kinds_said(game: Game | None, kinds) -> str:
    """Kinds as a message names them: by name ("赤五萬"; a dataset's own on an English screen with its id)."""
    return list_sep().join(_name_md(game, k) for k in kinds)


def _split_text(split: str, n: int, config) -> str:
    """A split's photo count; a split that reads the training split's folders (the layout tilelens writes
    with no val folder) says so rather than counting them again."""
    name = tr(f"split_{split}") if f"split_{split}" in STRINGS else split
    sources = {str(k): v for k, v in config.sources.items()}
    if split != "train" and sources.get(split) and sources.get(split) == sources.get("train"):
        return tr("split_same", split=name)
    return tr("split_photos", split=name, n=n, s="s" if n != 1 else "")


def _prelabelled_text(photos: int, tiles: int) -> str:
    """What a pre-labelling did: "Pre-labelled 1 photo (9 tiles)." (one photo, one tile in the singular)."""
    return tr("prelabelled", n=photos, tiles=tiles, s="s" if photos != 1 else "", ts="s" if tiles != 1 else "")


OTHER_GAME_SHOWN = 3  # photos named in the warning of photos of another game; the others counted


def _photo_said(photo: str) -> str:
    """A photo (a path in the dataset, ``images/train/IMG_7001.jpg``) as a message names it: its path to the person
    at the computer, its name alone (``short_name``) to a phone, as the page names it there elsewhere."""
    return photo if is_local_visitor() else short_name(photo)


def _as_named(root: Path) -> str:
    """``root`` as this visitor is shown it in a message (``visitor.said_path``, whole): its full path to the person at
    the computer; to a visitor from the network, as the address names it (``_address_name``), else by its own name."""
    return said_path(root, whole=True)


def _named_in(text: str, root: Path, config=None) -> str:
    """``text`` (a message naming ``root`` or a file in it) with ``root``, and the paths the dataset's data.yaml
    (``config``) writes in full (a game file, ``path:``, a ``train:`` folder elsewhere), as this visitor is shown them
    (``visitor.said_in``, whole: as they are to the person at the computer)."""
    written = [config.game, config.path, *(entry for entries in config.sources.values() for entry in entries)] \
        if config is not None else []
    return said_in(text, root, *(path for path in written if isinstance(path, str)), whole=True)
