"""Label page: step through the photos of a dataset folder, correct the proposed boxes, and see what
the dataset holds. Every change is written to the photo's label file at once (atomically). The dataset
and the photo are kept in the page's address (``?dataset=...&photo=...``): a reload opens them again.

Shortcuts: ← / → previous / next photo, Ctrl+Enter accept and go to the next photo to do, B select the next
box, Delete remove the selected box, Shift+arrows nudge it, Shift+V copy (paste) the previous photo's boxes.
"""
from __future__ import annotations

import io
import os
import re
import shutil
import time
import zipfile
from pathlib import Path

import pandas as pd
import streamlit as st
from PIL import Image

from app.components.box_editor import PhotoError, box_editor, edits_waiting, gone_key, open_upright, unapplied
from app.components.i18n import ISSUE_JA, attribute_value, error_text, lang, os_error_text, said, text_in
from app.components import resources
from app.components.common import (DESKTOP, GAME_KEY, GAME_PICKED_KEY, KEYBOARDLESS, OPEN_DATASET_KEY, as_code,
                                   as_typed, css_string, game_name_css, length_count, style, typed_path,
                                   uploader_words)
from app.components.resources import face_picture
from app.components.teach_view import teach_panel
from app.components.visitor import (S as VISITOR_S, folder_allowed, home_short, is_local_visitor, named_folder,
                                    path_help, refused_text, said_in, said_path, shared_folders, shares_name, there,
                                    visitor_path)
from app.components.tiles import filter_attribute, no_toolbars_css
from app import settings
from app.settings import datasets_dir
from scorer import Game, GameFileError, TilelensInputError
from tilelens.labelling import Box, LabelFileError, check_dataset, editing, set_done
from tilelens.labelling.checks import dataset_stamp, issues_by_photo, phone_text
from tilelens.labelling.kinds import AbsentInUse, add_game_kinds, add_kinds, mark_absent, set_absent, unmark_absent
from tilelens.labelling.model import IssueKind, iou
from tilelens.labelling.prelabel import unlearnt_line
from tilelens.labelling.prelabel import (LOOSE_SUFFIXES, enclosing_dataset, enrolled_tilesets, file_loose_photos,
                                         home_or_above, load_reader, loose_photos, no_reader_for, prelabel_folder)
from tilelens.labelling.prelabel import stored_game, table_names, tileset_origin, with_own_kinds
from tilelens.labelling.relabel import prelabel_again, put_back_leftovers, renumbered
from tilelens.labelling.store import PROGRESS_FILE, atomic_write_text, originals_dirs, read_progress, read_regular_text
from tilelens.labelling.teach import own_tilesets, status as teach_status
from tilelens.labelling.uploads import AddedPhotos, add_photos, dataset_folder, datasets_in, done_count, photo_count
from tilelens.labelling.yolo import (label_path_for, own_layout, read_data_yaml, relpath, split_images,
                                     trains_on_filed)
from vision.enroll import THIN

STRINGS = {
    "title": ("ラベル付け", "Label tiles"),
    "folder": ("データセットのフォルダ", "Dataset folder"),
    "folder_help": ("データセットのフォルダ (data.yaml のあるフォルダ)、または写真の入ったフォルダ (ここで下書きします)",
                    "A dataset's folder (the one with its data.yaml), or a folder of photos to pre-label here"),
    "folder_missing": ("`{p}` というフォルダはありません: パスを確かめてください。",
                       "The folder `{p}` is not there: check the path."),
    "folder_file": ("`{p}` はファイルです: 写真の入ったフォルダを入力してください。",
                    "`{p}` is a file: enter the folder that holds the photos."),
    "folder_home": ("`{p}` はホームフォルダ (またはそれを含むフォルダ) なので、データセットにはできません: 写真を入れた"
                    "専用のフォルダを入力してください。",
                    "`{p}` is your home folder (or holds it), so it cannot be a dataset: put the photos in a folder "
                    "made for them, and enter that one."),
    "data_yaml_folder": ("`{p}` はフォルダです: データセットのファイル data.yaml の名前なので、フォルダを移してください。",
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
    "no_dataset_named": ("{name}というデータセットはありません: 名前を確かめてください。",
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
    "new_name_help": ("例: 自宅の麻雀牌。写真は {home}の下のこの名前のフォルダに保存されます。",
                      "For example: my-mahjong-set. The photos are kept in a folder of this name in {home}."),
    "photos_upload": ("写真 (スマホのカメラロールからも選べます)", "Photos (a phone's camera roll too)"),
    "new_create": ("作成する", "Create"),
    "new_exists": ("「{name}」はもうあります。下の一覧から開いて写真を追加してください。",
                   "There is already a dataset called {name}: open it below and add the photos there."),
    "no_upload": ("写真を選んでください。", "Choose the photos first."),
    # every dataset in the app's datasets folder, whoever made it: one list for every visitor of the app
    "yours": ("アプリを動かしているコンピューターのデータセット (このアプリを使う全員で共有)",
              "Datasets on the computer running the app (shared by everyone using it)"),
    "open": ("開く", "Open"),
    "dataset_count": ("写真 {n}枚、済み {done}枚", "{n} photo{s}, {done} done"),
    "add_title": ("写真を追加", "Add photos"),
    "add_button": ("追加して下書きする", "Add and pre-label"),
    "add_custom": ("この data.yaml は独自の構成なので、ここでは写真を追加できません。",
                   "This data.yaml has a layout of its own, so photos cannot be added here."),
    "saved": ("{n}枚を保存しました。", "Saved {n} photo{s}."),
    "saving": ("写真を確かめて保存しています… {n} / {total}", "Checking and saving the photos… {n} of {total}"),
    "added": ("{n}枚を追加し、下書きしました (牌 {tiles}枚)。", "Added {n} photo{s} and pre-labelled {them} ({tiles} tile{ts})."),
    "duplicates": ("同じ写真がもうあるので省きました: {names}", "Already in the dataset, so skipped: {names}"),
    "no_photos": ("このフォルダには写真がありません。", "This folder has no photos."),
    "progress": ("済み {done} / {total}枚 (残り {todo})", "Done {done} of {total} photos ({todo} to do)"),
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
    "no_dataset": ("このフォルダにはまだ data.yaml がありません (写真 {n}枚)。モデルで枠と牌を提案させます。",
                   "This folder has no data.yaml yet ({n} photo{s}). Let the model propose boxes and tiles."),
    "no_dataset_no_reader": ("このフォルダにはまだ data.yaml がありません (写真 {n}枚)。このゲームの牌を読むモデルはまだないので、"
                             "写真をラベル付け用に整理します: ここで枠を描いてください。",
                             "This folder has no data.yaml yet ({n} photo{s}). No model reads this game's tiles yet: "
                             "the button files the photos for you to label here."),
    "no_reader_filed": ("このゲームの牌を読むモデルはまだありません: 写真は整理しました。ここで枠を描いて OK にし、"
                        "それから「この牌を覚えさせる」で覚えさせてください。",
                        "No model reads this game's tiles yet: the photos are filed; draw their boxes here, accept "
                        "them, then Teach."),
    "prelabel": ("モデルで下書きする", "Pre-label with the model"),
    "file_photos": ("写真をラベル付け用に整理する", "File the photos for labelling"),
    "prelabelling": ("写真を読んでいます…", "Reading the photos…"),
    "prelabelled": ("{n}枚に下書きしました (牌 {tiles}枚)。", "Pre-labelled {n} photo{s} ({tiles} tile{ts})."),
    "other_game": ("次の写真の牌は {game}の牌に見えません: {photos}。ゲームの選択は合っていますか? 違うなら、枠には"
                   "間違った牌の名前が付いています: これらの写真で新しいデータセットを作り、そのゲームを選んでください。"
                   "または、認識器がまだ覚えていない牌セットの写真です: 数枚にラベルを付けて、下の「この牌を覚えさせる」で"
                   "覚えさせてください (それから残りをその牌セットで下書きします: `--tileset NAME`)。",
                   "These photos' tiles do not look like {game}'s: {photos}. Is the game right? If not, their boxes "
                   "are named with the wrong tiles: start a new dataset of these photos and choose their game. Or "
                   "they show a tile set the recognizer has not learnt yet: label a few photos and teach it "
                   "(\"Teach the recognizer these tiles\", below), then pre-label the rest with that tile set "
                   "(`--tileset NAME`)."),
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
    "absent_undo": ("セットにあると戻す", "They are in my set"),
    "tileset": ("覚えさせた牌セット: {name}", "Enrolled tile set: {name}"),
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
    "filter_none": ("この絞り込みに合う写真はもうありません。", "No photo is left with this filter."),
    # where the photo is among those the filter keeps (the caption), and ← / → with none further that way
    "photo_at_all": ("写真 {i}/{n}", "Photo {i}/{n}"),
    "photo_at_todo": ("未完了の写真 {i}/{n}", "Photo {i}/{n} to do"),
    "photo_at_problems": ("問題ありの写真 {i}/{n}", "Photo {i}/{n} with problems"),
    "photo_outside": ("写真 {i}/{n} (この絞り込みの外)", "Photo {i}/{n} of all (not one this filter keeps)"),
    "no_next_all": ("これが最後の写真です。", "This is the last photo: there is no next one."),
    "no_next_todo": ("これより後に未完了の写真はありません。", "No further photo to do after this one."),
    "no_next_problems": ("これより後に問題ありの写真はありません。", "No further photo with problems after this one."),
    "no_prev_all": ("これが最初の写真です。", "This is the first photo: there is no previous one."),
    "no_prev_todo": ("これより前に未完了の写真はありません。", "No photo to do before this one."),
    "no_prev_problems": ("これより前に問題ありの写真はありません。", "No photo with problems before this one."),
    # photos with no label file yet (``label check``'s no-label-file, one warning each): a dataset filed without
    # proposals (`label init` of an edition nothing reads yet) is all of them, on purpose; said once
    "to_label": ("ラベルを付ける写真が {n}枚あります (ラベルファイルはまだありません): 牌の枠を描いてください。",
                 "{n} photo{s} to label (no label file yet): draw the boxes of the tiles."),
    "photo_issues": ("データセットのチェックで見つかったこの写真の問題:", "What the dataset check found on this photo:"),
    "box_changed": ("この枠は別のタブなどで変更されたか消されたので、何もしませんでした。枠を選び直してください。",
                    "That box was changed in another tab (or removed there), so nothing was done: select the box "
                    "again."),
    "move_gone": ("動かした枠は、元の場所にもうありません (別のタブで動かされたか消されました)。どの枠も動かしていません: "
                  "今の写真を見て、もう一度動かしてください。",
                  "The box you moved is no longer where it was (it was moved or removed in another tab): no box was "
                  "moved. Look at the photo as it is now and move it again."),
    "delete_gone": ("消した枠は、元の場所にもうありません (別のタブで動かされたか消されました)。どの枠も消していません: "
                    "今の写真を見て、必要ならもう一度消してください。",
                    "The box you removed is no longer where it was (it was moved or removed in another tab): no box "
                    "was removed. Look at the photo as it is now and remove it again if need be."),
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
                       "アプリを動かしているコンピューターの持ち主に頼んでください):",
                       "This photo's label file has lines that cannot be read (an edit here keeps them as they are: "
                       "to fix them, ask the owner of the computer running the app):"),
    "house_kinds_away": ("牌の種類は、アプリで編集したハウスルールの表のものです。",
                         "The tile kinds are those of the house table edited in the app."),
    "new_name_help_away": ("例: 自宅の麻雀牌。写真は、アプリを動かしているコンピューターに、この名前で保存されます。",
                           "For example: my-mahjong-set. The photos are kept under this name on the computer running "
                           "the app."),
    "no_dataset_away": ("このデータセットの写真 {n}枚には、まだ牌の一覧も枠もありません。ゲームか牌セットを選ぶと、"
                        "そのモデルが枠と牌を下書きします。",
                        "This dataset has no tile list yet ({n} photo{s}): choose the game or tile set, and its model "
                        "proposes the boxes and tiles."),
    "no_dataset_no_reader_away": ("このデータセットの写真 {n}枚には、まだ牌の一覧も枠もありません。このゲームの牌を読む"
                                  "モデルはまだないので、写真をラベル付け用に整理します: ここで枠を描いてください。",
                                  "This dataset has no tile list yet ({n} photo{s}). No model reads this game's tiles "
                                  "yet: the button files the photos for you to label here."),
    # a new dataset: its game (or tile set) asked, never the first of the list chosen for the person
    "pick_game": ("ゲームか牌セットを選んでください", "Choose the game or tile set"),
    "pick_game_first": ("写真の牌のゲームか牌セットを選んでください。選ぶまで下書きはしません。",
                        "Choose the game or tile set of the photos' tiles: nothing is pre-labelled until you do."),
    "audit_help_away": ("モデルが全ての写真を読み、ラベルと違う牌だと読んだ枠と、ラベルのない牌を、確かなものから並べます。"
                        "疑いであって誤りとは限りません。ファイルは変わりません。このデータセットから覚えさせた牌セットは"
                        "自分が覚えたラベルを正しいと判断しがちです: 写真を2組に分けて互いに見直させる見直しは、アプリを"
                        "動かしているコンピューターの持ち主に頼んでください。",
                        "The model reads every photo and lists the boxes it reads as another tile, and tiles with no "
                        "label, surest first. These are suspicions, not errors; nothing is changed. A tile set taught "
                        "from this dataset tends to agree with the labels it learned: for a review by two halves of "
                        "the photos, each checking the other, ask the owner of the computer running the app."),
    "audit_more_away": ("ほか {n}件 (ここに出ている枠を直すと、次の見直しで残りが出ます)",
                        "{n} more (fix those shown, and review again to see the rest)"),
    "audit_none_reader_away": ("このデータセットにはゲームも牌セットも決まっていないので、見直すモデルがありません。",
                               "This dataset has no game or tile set, so there is no model to review with."),
    "other_game_away": ("次の写真の牌は {game}の牌に見えません: {photos}。ゲームの選択は合っていますか? 違うなら、枠には"
                        "間違った牌の名前が付いています: 下の「別のゲーム・牌セットで下書きし直す」で選び直してください。"
                        "または、認識器がまだ覚えていない牌セットの写真です: 数枚にラベルを付けて、下の「この牌を覚えさせる」"
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
    "game_model": ("{game}のモデル", "{game}'s own model"),
    # pre-label the photos not accepted again, with another game or tile set
    "redo_title": ("別のゲーム・牌セットで下書きし直す", "Pre-label again with another game or set"),
    "redo_help": ("OK にしていない写真の枠を、選んだモデルの下書きで置き換えます。OK にした写真はそのままです。",
                  "The boxes of the photos not accepted are replaced by the chosen model's proposals; the photos "
                  "accepted stay as they are."),
    "redo_with": ("ゲームか牌セット", "Game or tile set"),
    "redo": ("下書きし直す", "Pre-label again"),
    "redo_ask": ("OK にしていない写真 {n}枚を{choice}で下書きし直しますか? 今の枠 (ここで直した枠も) は置き換わります。"
                 "OK にした写真 {done}枚はそのままです。",
                 "Pre-label the {n} photo{s} not accepted again with {choice}? Their boxes (those corrected here too) "
                 "are replaced. The {done} accepted stay as they are."),
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
    "removed_later": ("あとからでも、アプリを動かしているコンピューターの持ち主が戻せます。",
                      "Later, the owner of the computer running the app can bring it back."),
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

def issue_text(issue, root: Path | None = None, config=None) -> str:
    """One problem of the dataset check in the page's language (Japanese: what it is, then the details), as
    markdown that shows it as typed: a class name ``'*odd*'`` not in italics, ``a.txt:100:`` not 💯. Never its code
    (``[unknown-tile-kind]``: the command line's tag, which the English screen showed). ``root``, ``config``: the
    dataset and its data.yaml, whose paths a visitor from the network is shown short (``_named_in``). A visitor from
    the network (a phone, no terminal) is told a problem without the command that fixes it (``checks.phone_text``:
    the page's own buttons do it), as its paths are never the laptop's."""
    local = is_local_visitor()

    def shown(text: str) -> str:
        return _named_in(text, root, config) if root is not None else text

    def told(message: str, language: str) -> str:
        return shown(message if local else phone_text(message, language))

    photo = PHOTO_OF_FILE.get(issue.path) if root is not None and not local else None
    # a phone is told the photo by its name, as the page names it elsewhere, not by its label file and line
    where = photo or shown(f"{issue.path}:{issue.line}" if issue.line else issue.path)

    def said_of(message: str) -> str:
        """``where: message``; a message that names the photo first (the absent kind's: the command line's line names
        the label file) names it once to a phone, as the page names it."""
        own = FILE_NAME_OF.get(issue.path) if photo else None
        if own and message.startswith(f"{own} "):
            return f"{photo}{message[len(own):]}"
        return f"{where}: {message}"

    if lang() != "ja":
        return as_typed(said_of(told(issue.message, "en")))  # an error or a warning as the box it is shown in says
    severity = "エラー" if issue.is_error else "注意"
    what = f"【{ISSUE_JA[str(issue.kind)]}】" if str(issue.kind) in ISSUE_JA else ": "
    return as_typed(f"{severity}{what}{said_of(told(issue.message_ja or issue.message, 'ja'))}")


DIR_KEY, INDEX_KEY, SEL_KEY, VERSION_KEY = "label_dir", "label_index", "label_sel", "label_version"
NEXT_DIR_KEY = OPEN_DATASET_KEY  # a dataset to open on the next run (the photo page sets it too)
NOTES_KEY = "label_notes"  # [(kind, text)] said once at the top of the next run (what an upload did)
UPLOADS_KEY = "label_uploads"  # bumped to empty the uploaders after their photos are saved
PHOTO_TYPES = sorted(suffix.lstrip(".") for suffix in LOOSE_SUFFIXES)
EDITOR_KEY = "label_editor"
COPY_KEY = "label_copy_ask"  # (previous photo, photo): a copy asked for over a photo's own boxes, not yet answered
AUDIT_KEY = "label_audit"  # (folder, AuditReport) of the last review
AUDIT_SHOWN = 48  # suspects drawn on the page; the CLI lists them all
# The dataset open and the photo shown are kept in the page's address (``?dataset=...&photo=...``): a reload
# (a phone restoring its tab, F5) starts a new session, which opens them again (``_from_address``).
FILTER_KEY = "label_filter"  # "all", "todo" or "problems": the photos ← / → and the jump list go through
NO_FURTHER_KEY = "label_no_further"  # ← / → found no photo that way (-1, 1): said once, on the next run
FILTER_MOVED = "label_filter_moved"  # the filter just changed: off a photo it leaves out, onto the next it keeps
PANEL_KEY = "label_panel_box"  # (folder, photo, index, xyxyn): the box the box panel was last drawn for
UNDO_KEY = "label_undo_stack"  # [(dataset folder, editing.Change)]: this session's box changes, oldest first
UNDO_ASKED = "label_undo_asked"  # Undo pressed: done once the editor's edits made before it are applied
UNDO_KEPT = 100
WANTED_KEY = "label_wanted"  # (folder, photo): the photo of the address, shown once its dataset is open
FIRST_TODO_KEY = "label_first_todo"  # a dataset just opened: shown at its first photo still to do, once listed
LEFTOVERS_TOLD = "label_leftovers_told"  # {(folder, aside folder)}: one that cannot be put back, said once
REDO_ASK = "label_redo_ask"  # (folder, choice): "Pre-label again" pressed, not answered yet
REDO_OFFERED = "label_redo_offered"  # (folder, set): the set taught from it last, chosen for "Pre-label again" once
REMOVE_ASK = "label_remove_ask"  # (folder, photo or None for the dataset): a removal asked for, not answered yet
REMOVED_KEY = "label_removed"  # what was last removed (a dict: its moves, for Undo): said at the top until undone
REMOVED_DIR = "removed"  # in the app's home (beside ``datasets``): what is removed is moved there, never deleted
ABSENT_MARKED = "label_absent_marked"  # (folder, kinds.AbsentMarked, table): "Not in my set" last done, for its Undo
NUDGE = editing.NUDGE_STEP * 2


def tr(key: str, **fmt) -> str:
    """This page's string ``key`` in the chosen language."""
    return text_in(STRINGS, key, **fmt)


@st.cache_resource(show_spinner=False, max_entries=8)  # not copied for each run (3,000 photos: 0.3 s a run)
def _report(root: str, version, game_file: str | None = None, _listing=None):
    """The dataset's stats and problems, never changed once counted; ``version`` (``dataset_stamp``) changes with
    every save, in this session, in another or with the command line, so it is counted again.
    ``game_file``: the table in use of the dataset's game, where an organiser edited it (its tiles).
    ``_listing``: ``yolo.split_images`` of the dataset in this run, taken after ``version`` (not part of the key)."""
    return check_dataset(root, game_file, listing=_listing)


def _saved_line(n: int) -> str:
    """"Saved 1 photo." / "Saved 2 photos." (the Japanese counts with 枚 either way)."""
    return tr("saved", n=n, s="s" if n != 1 else "")


def game_names() -> dict[str, str]:
    """Each game the app offers (the shipped ones, those added in the app) -> its name in the screen's language,
    as its table in use names it (an organiser's edit may rename it; the id where no file of it will load), no two
    alike (``settings.game_labels``: a picker gives the last game of a label)."""
    return settings.game_labels(lang())


def _game(config) -> Game | None:
    """The game of the dataset ``config``, as the app plays it: its data.yaml's; a taught set's dataset that says none
    (made before pre-labelling wrote its set's game in it): the set's (``tileset_origin``); else the one the person
    picks here (the game picked on the other pages first)."""
    game_id = settings.game_id_of(config.game)  # a game added in the app: named by its file there
    if not game_id and config.tileset:
        game_id = settings.game_id_of(tileset_origin(config.tileset).game)
    if not game_id:
        chosen = st.session_state.get(GAME_KEY)
        ids = settings.games()
        st.session_state.setdefault("label_game", chosen if chosen in ids else ids[0])
        game_id = st.selectbox(tr("game"), ids, key="label_game", format_func=game_names().__getitem__)
        style(game_name_css(game_names()[game_id], key="label_game"))  # a phone: the name in full, not clipped
    try:
        return resources.game(game_id)  # the table in use: an organiser's edit of the game, where there is one
    except GameFileError:
        return None


# the kinds the open dataset added to its game's (``data.yaml``'s ``own_kinds``), id -> the name shown; set each run
OWN_NAMES: dict[str, str] = {}


def _own_names(config) -> dict[str, str]:
    """The names of the dataset's own kinds (``own_kinds``: f3 -> 秋); for a taught set's dataset that says no game
    (made before pre-labelling wrote the set's game and names in it), those the set's own dataset gave them too."""
    names = dict(config.own_kinds)
    if config.tileset and not config.game:
        names = {k: v for k, v in tileset_origin(config.tileset).own_kinds.items() if k in config.names} | names
    return names


# each photo of the open dataset, and its label file (paths relative to it) -> the photo as the page names it
# (``photo_names``): a problem of the check is said to a phone by its photo's name; set each run, on a phone
PHOTO_OF_FILE: dict[str, str] = {}
# the same label files and photos -> the photo's file name (``IMG_8002.jpg``), as a message of the check names it
FILE_NAME_OF: dict[str, str] = {}


def _name(game: Game | None, kind: str, with_id: bool = True) -> str:
    """A kind as the page names it: the game's name in the screen's language, else the name the dataset gave it (a set's
    flowers: 秋 for f3, with its id on an English screen, ``with_id``), else its id."""
    try:
        tile = game.tile(kind) if game else None
    except TilelensInputError:  # an id the catalog does not know is shown as it is
        tile = None
    if tile is None:
        own = OWN_NAMES.get(kind, kind)
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


# ---- callbacks: each changes the files first, so the page that follows draws the saved state

def _saved(root: Path, photo: str, boxes: tuple[Box, ...], names: tuple[str, ...]) -> None:
    """Save a photo's boxes, and remember the change for Undo."""
    before, _ = editing.load_boxes(root, photo, names)
    editing.save_boxes(root, photo, boxes, names)
    st.session_state[VERSION_KEY] = st.session_state.get(VERSION_KEY, 0) + 1
    if not editing.same_boxes(before, tuple(boxes)):
        stack = st.session_state.setdefault(UNDO_KEY, [])
        stack.append((str(root), editing.Change(photo, before, tuple(boxes))))
        del stack[:-UNDO_KEPT]


def _last_change(root: Path) -> int | None:
    """Where in this session's changes (``UNDO_KEY``) the last one to the dataset ``root`` is."""
    stack = st.session_state.get(UNDO_KEY, [])
    return next((i for i in range(len(stack) - 1, -1, -1) if stack[i][0] == str(root)), None)


def _undoable(root: Path) -> editing.Change | None:
    """The last change of this session to the dataset ``root`` that Undo would take back."""
    at = _last_change(root)
    return None if at is None else st.session_state[UNDO_KEY][at][1]


def _ask_undo() -> None:
    # Done in the page's run, after the editor's edits: a box dragged just before Undo was pressed is
    # still waiting when this callback runs, and undoing first would take back the change before it.
    st.session_state[UNDO_ASKED] = True


def _undo(root: Path, photos: list[str], names: tuple[str, ...]) -> None:
    """Take back the last change to ``root``'s boxes and show its photo; where the photo was changed since
    elsewhere (another tab), leave it, forget this session's changes to it, and say so."""
    at = _last_change(root)
    if at is None:
        return
    stack = st.session_state[UNDO_KEY]
    change = stack.pop(at)[1]
    if editing.undo(root, change, names):
        st.session_state[VERSION_KEY] = st.session_state.get(VERSION_KEY, 0) + 1
        if change.photo in photos:
            _go(photos.index(change.photo), len(photos))
        return
    stack[:] = [(r, c) for r, c in stack if not (r == str(root) and c.photo == change.photo)]
    _note("warning", tr("undo_stale", photo=as_code(short_name(change.photo))))


# Keyboard shortcuts can be pressed faster than the page is drawn again, and a button's callback gets the
# arguments of the page's last drawing: so the photo buttons act on the photo the page is on now
# (INDEX_KEY), not the one they were drawn for. (→ then Shift+V at once used to copy boxes over the photo
# just left.)

def _go(index: int, count: int) -> None:
    st.session_state[INDEX_KEY] = min(max(index, 0), count - 1)
    st.session_state[SEL_KEY] = None


def _step(delta: int, count: int, shown: list[int] | None = None) -> None:
    """← / →: from the photo the page is on now, so that every key press counts, to the next (previous)
    photo of ``shown`` (the filter's; every photo when None). None further that way: it stays, and the page
    says so (``NO_FURTHER_KEY``), not a press that did nothing unsaid."""
    here = int(st.session_state.get(INDEX_KEY, 0))
    ahead = [i for i in (range(count) if shown is None else shown) if (i > here if delta > 0 else i < here)]
    if ahead:
        _go(ahead[0] if delta > 0 else ahead[-1], count)
    else:
        st.session_state[NO_FURTHER_KEY] = delta


def _filter_changed() -> None:
    st.session_state[FILTER_MOVED] = True


def _shown(photos: list[str], done: set[str], flagged: dict) -> list[int]:
    """The indices of the photos the filter keeps."""
    which = st.session_state.get(FILTER_KEY) or "all"
    keep = {"todo": lambda p: p not in done, "problems": lambda p: p in flagged}.get(which, lambda p: True)
    return [i for i, p in enumerate(photos) if keep(p)]


def _accept(root: Path, photos: list[str], index: int) -> None:
    if st.session_state.get(INDEX_KEY, 0) != index:
        return  # pressed after moving to a photo not drawn yet: the person has not seen it
    st.session_state.pop(REMOVED_KEY, None)  # moved on: a photo removed before stays in the removed folder
    st.session_state.pop(ABSENT_MARKED, None)  # and the kinds said not in the set stay so
    try:
        done = set_done(root, photos[index])
    except (TilelensInputError, OSError) as exc:  # the progress file damaged, a pipe in its place: never written over
        _progress_refused(root, exc)
        return
    after = [i for i in range(index + 1, len(photos)) if photos[i] not in done]
    before = [i for i in range(index) if photos[i] not in done]
    _go((after or before or [index])[0], len(photos))


def _reopen(root: Path, photo: str) -> None:
    try:
        set_done(root, photo, done=False)
    except (TilelensInputError, OSError) as exc:
        _progress_refused(root, exc)


def _progress_refused(root: Path, exc: Exception) -> None:
    """Say why Accept or Reopen changed nothing: the progress file cannot be written (no rights, a full disk); one
    that cannot be read (``store.read_progress``: damaged, a named pipe in its place) is said at the top of the page
    on every run already."""
    try:
        read_progress(root)
    except (TilelensInputError, OSError):
        return
    _note("error", _named_in(error_text(exc) if isinstance(exc, TilelensInputError) else os_error_text(exc), root))


def _edit(root: Path, photo: str, names: tuple[str, ...], op, index: int, *rest) -> bool:
    """A change to the selected box ``index`` from a widget of the box panel (delete, picture, nudge, kind);
    False, and nothing changed, when the panel was drawn for a selection the person has changed since."""
    if edits_waiting(EDITOR_KEY) or st.session_state.get(SEL_KEY) != index:
        # A click on another box made just before: a button's callback gets the arguments of the page's
        # last drawing, the box selected before that click. Dropped rather than made to the wrong box; the
        # page is drawn again at once (3 of 3 browser runs renamed the wrong box before this).
        return False
    boxes, _ = editing.load_boxes(root, photo, names)
    drawn = st.session_state.get(PANEL_KEY)
    if drawn and tuple(drawn[:3]) == (str(root), photo, index) and not (
            0 <= index < len(boxes) and editing.find_box((boxes[index],), drawn[3]) == 0):
        # Not where the panel showed it: another tab moved or removed it (the box after a removed one
        # takes its number). Changing the box now at that number would change one the person never chose.
        st.session_state[SEL_KEY] = None
        _note("warning", tr("box_changed"))
        return False
    new = op(boxes, index, *rest)
    _saved(root, photo, new, names)
    if 0 <= index < len(new):  # a second click before the page is drawn again acts on the box as now saved
        st.session_state[PANEL_KEY] = (str(root), photo, index, new[index].xyxyn)
    return True


def _xyxyn(edit: dict) -> tuple[float, float, float, float] | None:
    """An edit's box corners, or None if it carries no four numbers."""
    try:
        corners = tuple(float(v) for v in edit.get("xyxyn") or ())
    except (TypeError, ValueError):
        return None
    return corners if len(corners) == 4 else None


def _apply_edit(root: Path, photos: list[str], shown: str, names: tuple[str, ...], edit: dict) -> None:
    """One edit from the photo editor: a box drawn, nudged or removed (on the photo shown, or on the one
    shown before if the person moved on while it was being saved) or a box selected on the photo shown.
    Applying an edit twice changes nothing more: a run stopped after saving a box may be given the same
    edit again."""
    photo, op, xyxyn = edit["photo"], edit.get("op"), _xyxyn(edit)
    if op in ("add", "set") and photo in photos and xyxyn is not None:
        boxes, _ = editing.load_boxes(root, photo, names)
        if op == "add":
            kind = boxes[-1].kind if boxes else names[0]  # a missed tile is most often like its neighbour
            drawn = editing.normalised(Box(kind, xyxyn))  # None if too small
            new = boxes if drawn is None else editing.add_box(boxes, drawn)
        else:
            index = edit.get("index")
            new = editing.move_box(boxes, index, xyxyn) if isinstance(index, int) else boxes
            if not isinstance(index, int):  # the box editor found no box to move (removed in another tab): said
                # now, once (the editor's own word on its next draw is dropped), not left to a look at the photo
                st.session_state.pop(gone_key(EDITOR_KEY), None)
                _note("warning", tr("move_gone"))
        if new != boxes:
            _saved(root, photo, new, names)
        if op == "add" and photo == shown:  # the new box, or the same one saved by a run that was stopped
            st.session_state[SEL_KEY] = None if drawn is None else editing.find_box(new, drawn.xyxyn)
    elif op == "delete" and photo in photos and xyxyn is not None:
        boxes, _ = editing.load_boxes(root, photo, names)
        index = editing.find_box(boxes, xyxyn)  # None once it is gone: a second delete removes nothing
        if index is not None:
            _saved(root, photo, editing.delete_box(boxes, index), names)
        else:  # moved or removed in another tab: nothing removed, and said
            _note("warning", tr("delete_gone"))
        if photo == shown:
            st.session_state[SEL_KEY] = None
    elif op == "select" and photo == shown:
        chosen = edit.get("index")
        st.session_state[SEL_KEY] = chosen if isinstance(chosen, int) and chosen >= 0 else None


def _delete(root: Path, photo: str, names: tuple[str, ...], index: int) -> None:
    if _edit(root, photo, names, editing.delete_box, index):
        st.session_state[SEL_KEY] = None


def _pick_kind(root: Path, photo: str, names: tuple[str, ...], index: int, key: str, version: int) -> None:
    # A selectbox drawn before the last save can still report its old value: ignore it.
    if st.session_state.get(VERSION_KEY, 0) == version:
        _edit(root, photo, names, editing.set_kind, index, st.session_state[key])


def _copy_previous(root: Path, photos: list[str], names: tuple[str, ...]) -> None:
    """Shift+V: the previous photo's boxes onto the photo the page is on now. Where that photo has boxes
    of its own, which the copy would replace, the page asks first (``COPY_KEY``)."""
    index = min(int(st.session_state.get(INDEX_KEY, 0)), len(photos) - 1)
    if index > 0:
        if editing.load_boxes(root, photos[index], names)[0]:
            st.session_state[COPY_KEY] = (photos[index - 1], photos[index])
            return
        _copy_boxes(root, photos[index - 1], photos[index], names)


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


def _copy_boxes(root: Path, source: str, target: str, names: tuple[str, ...]) -> None:
    boxes, _ = editing.load_boxes(root, source, names)
    _saved(root, target, boxes, names)


def _copy_answer(root: Path, names: tuple[str, ...], replace: bool) -> None:
    """The answer to the copy question: replace the photo's boxes with the previous photo's, or keep them."""
    asked = st.session_state.pop(COPY_KEY, None)
    if replace and asked:
        _copy_boxes(root, *asked, names)


def _copy_question(root: Path, photos: list[str], index: int, names: tuple[str, ...], boxes: tuple[Box, ...]) -> None:
    """Copy, under the photo's box count (on a phone, a photo away from Accept), and its question where it
    was asked on this photo."""
    st.button(tr("copy_prev"), key="label_copy", shortcut="Shift+V", help=tr("shortcut", keys="Shift+V"),
              disabled=index == 0,
              on_click=_copy_previous, args=(root, photos, names))
    asked = st.session_state.get(COPY_KEY)
    if not asked or asked[1] != photos[index] or not boxes:
        st.session_state.pop(COPY_KEY, None)  # asked on another photo, or there is nothing to lose now
        return
    source = editing.load_boxes(root, asked[0], names)[0] if asked[0] in photos else ()
    st.warning(tr("copy_ask", n=len(boxes), m=len(source)))
    row = st.container(horizontal=True)
    row.button(tr("copy_replace"), key="label_copy_replace", on_click=_copy_answer, args=(root, names, True))
    row.button(tr("copy_keep"), key="label_copy_keep", on_click=_copy_answer, args=(root, names, False))


def _select_next(count: int) -> None:
    current = st.session_state.get(SEL_KEY)
    st.session_state[SEL_KEY] = 0 if current is None or count == 0 else (current + 1) % count


# ---- drawing

# A key pressed on "Delete box" that makes the page run with no box selected (Ctrl+Enter: the photo accepted, the
# next one opened; Enter: the box deleted) disables it, and a browser cannot keep the focus on a disabled button: it
# fell to the page body, and the next Tab began at the top of the page. It goes to "Next box" beside it instead, where
# Ctrl+Enter pressed on that button leaves it. Watched for a while after the key only (the page's run comes between),
# and only while the focus is still on "Delete box" or lost: a person who moved on meanwhile is left where they are.
# Sent on every run, the same text (one listener however often it runs).
REFOCUS_JS = """
function refocusFromDelete(doc, win) {
  if (win.tlRefocusDelete) { return; }
  win.tlRefocusDelete = true;
  const onDelete = (el) => !!(el && el.closest && el.closest(".st-key-label_delete"));
  win.addEventListener("keydown", () => {  // the window's capture: before any shortcut of the page sees the key
    if (!onDelete(doc.activeElement)) { return; }
    let tries = 0;
    const check = () => {
      const el = doc.activeElement;
      if (!el || el === doc.body || (onDelete(el) && el.disabled)) {
        const next = doc.querySelector(".st-key-label_next_box button");
        if (next && !next.disabled) { next.focus(); return; }
      } else if (!onDelete(el)) { return; }
      if (++tries < 200) { win.setTimeout(check, 50); }  // 10 s: the page's run, however slow
    };
    win.setTimeout(check, 50);
  }, true);
}
refocusFromDelete(document, window);
"""


def _label_css() -> str:
    """The page's own stylesheet. A phone (or a tablet: ``KEYBOARDLESS``) has no keyboard: the keys that delete and
    nudge a box are said after their button and caption on a laptop only (``DESKTOP``), and the photo's hint for a
    mouse gives way to a finger's. A box on a photo is some 25 x 35 css px on a phone: there, a list to pick one from
    (``_box_list``); a laptop points at a box with a mouse."""
    keys = "p::after"  # the button's label, the caption's text
    return "\n".join([
        f'@media {DESKTOP} {{ .st-key-label_delete {keys} {{ content: " (Delete)"; }} }}',
        f'@media {DESKTOP} {{ .st-key-label_nudge_said {keys} {{ content: " ({css_string(tr("nudge_keys"))})"; }} }}',
        f"@media {KEYBOARDLESS} {{ {_hidden('label_hint_mouse')} {{ display: none; }} }}",
        f"@media {DESKTOP} {{ {_hidden('label_hint_touch', 'label_box_list')} {{ display: none; }} }}",
    ])


def _hidden(*keys: str) -> str:
    """The selector of the containers ``keys`` with the wrapper Streamlit lays each in (left, it kept the gap of the
    column around a container hidden)."""
    return ", ".join(f'.st-key-{k}, [data-testid="stLayoutWrapper"]:has(> .st-key-{k})' for k in keys)


def _pick_box(key: str) -> None:
    if st.session_state.get(key) is not None:
        st.session_state[SEL_KEY] = st.session_state[key]


def _box_list(photo: str, boxes: tuple[Box, ...], game: Game | None, sel: int | None) -> None:
    """A list of the photo's boxes, named as the photo's tags name them ("Box 2: 2 Man"), that selects the box picked
    (a phone's only, ``_label_css``). A fresh list for each selection shows the box selected, however it was."""
    if not boxes:
        return
    key = f"label_box_pick_{photo}_{sel}_{len(boxes)}"
    with st.container(key="label_box_list"):
        st.selectbox(tr("pick_box"), range(len(boxes)), index=sel if sel is not None and sel < len(boxes) else None,
                     key=key, placeholder=tr("pick_box"),
                     format_func={i: tr("selected", i=i + 1, name=_name(game, b.kind)) for i, b in enumerate(boxes)}
                     .__getitem__,
                     on_change=_pick_box, args=(key,))


def _box_panel(root: Path, photo: str, names: tuple[str, ...], boxes: tuple[Box, ...], game: Game | None,
               table: str | None = None, whole: bool = False, absent: tuple[str, ...] = ()):
    """The selected box's panel. ``whole``: the dataset is ``game``'s (not a tile set's, nor another game's), so its
    picture picker offers every tile of the table in use (``table``: its file where it is the house table), those the
    dataset does not name yet after its own (``_picture_picker``). ``absent``: the kinds the dataset says its set does
    not have, offered by no picker (but the kind box's own kind, shown as it is)."""
    sel = st.session_state.get(SEL_KEY)
    row = st.container(horizontal=True)
    row.button(tr("next_box"), key="label_next_box", shortcut="B", help=tr("shortcut", keys="B"),
               on_click=_select_next, args=(len(boxes),))
    chosen = sel is not None and 0 <= sel < len(boxes)
    # "Delete box" is always in the row, disabled with no box selected: a row rebuilt when it came made the browser
    # drop the focus of "Next box" pressed with Enter to the page body. No shortcut: the photo editor takes the
    # Delete key, for the box last clicked (see box_editor)
    row.button(tr("delete"), key="label_delete", disabled=not chosen, help=tr("shortcut", keys="Delete"),
               on_click=_delete if chosen else None, args=(root, photo, names, sel) if chosen else None)
    _box_list(photo, boxes, game, sel)
    if not chosen:
        st.caption(tr("no_box"))
        return
    box, args = boxes[sel], (root, photo, names, sel)
    st.session_state[PANEL_KEY] = (str(root), photo, sel, box.xyxyn)
    st.markdown(f"**{tr('selected', i=sel + 1, name=_name_md(game, box.kind))}**")
    version = st.session_state.get(VERSION_KEY, 0)
    key = f"label_kind_{photo}_{sel}_{version}"  # a fresh widget after every save shows the saved kind
    kinds = [k for k in names if k not in absent or k == box.kind]
    st.selectbox(tr("kind"), kinds, index=kinds.index(box.kind) if box.kind in kinds else 0, key=key,
                 format_func={k: _named_with_id(game, k) for k in kinds}.__getitem__,
                 on_change=_pick_kind, args=(*args, key, version))
    with st.container(key="label_nudge_said"):
        st.caption(tr("nudge"))
    moves = st.container(horizontal=True)
    # Shift+arrows are the editor's own (box_editor): it moves the box at once and loses no key press.
    # an arrow with its word: a screen reader read the arrows alone ("left arrow" at best); keys stay the arrows
    for name, label, delta in (("←", tr("left"), (-NUDGE, 0, 0)), ("→", tr("right"), (NUDGE, 0, 0)),
                               ("↑", tr("up"), (0, -NUDGE, 0)), ("↓", tr("down"), (0, NUDGE, 0)),
                               (tr("grow"), tr("grow"), (0, 0, NUDGE / 2)),
                               (tr("shrink"), tr("shrink"), (0, 0, -NUDGE / 2))):
        moves.button(label, key=f"label_nudge_{name}",
                     on_click=_edit, args=(root, photo, names, editing.nudge, sel, *delta))
    keys: set[str] = set()  # the pickers' keys: each kind is drawn once, and no key is another's
    pictured = _picture_picker(game, names, args, keys, whole, table, absent) if game is not None else set()
    _own_picker(game, names, args, pictured | set(absent), keys)


def _unique_key(key: str, keys: set[str]) -> str:
    """``key``, or where one of the pickers has it already (a kind named like a part of the picker: ``filter``,
    ``cell_rarin``) ``key`` with a number after it; added to ``keys``. A key drawn twice stopped the page
    (``StreamlitDuplicateElementKey``), whatever a dataset's data.yaml names its kinds."""
    unique, n = key, 1
    while unique in keys:
        unique, n = f"{key}~{n}", n + 1
    keys.add(unique)
    return unique


def _own_picker(game: Game | None, names: tuple[str, ...], args: tuple, pictured: set[str], keys: set[str]) -> None:
    """The dataset's kinds that the picture picker does not draw (``pictured``: the kinds of the table in use): a set's
    flowers added with "Add a tile kind", a kind of the box's table that the house table dropped; a button each,
    named, that gives the selected box that kind. A kind of the dataset's own that is a tile of the table in use
    (added before the house table had it) is drawn once, by its picture. With no game (its table cannot be read),
    the kinds added alone: the others are in the kind box above."""
    own = [k for k in dict.fromkeys(names) if k not in pictured and (game is not None or k in OWN_NAMES)]
    if not own:
        return
    row = st.container(horizontal=True, gap="small", key="label_own_picker")
    for kind in own:
        # its id on the button, its name in its help (not its id again)
        row.button(kind, key=_unique_key(f"label_pick_{kind}", keys), on_click=_edit,
                   args=(*args[:3], editing.set_kind, args[3], kind), help=_name_md(game, kind, with_id=False))


def house_table(game_ref: str | None) -> str | None:
    """The file of the house table edited in the app (the Rules page) of the game ``game_ref`` names (a dataset's
    ``game``: a shipped game's id, or the file of a game added in the app), where there is one: the labelling tools
    take the game's tiles from it (``tilelens.labelling.prelabel.class_names``' ``table``), as the app plays the game
    and "Keep this photo" names its tiles, and as ``tilelens label`` takes them. None: the box's table."""
    game_id = settings.game_id_of(game_ref) if game_ref else None
    edited = settings.edited_path(game_id) if game_id in settings.games() else None
    return str(edited) if edited else None


def _house_note(table: str | None) -> None:
    """Say the tiles are the house table's (its short path; the full one in its help, to copy, on the computer
    running the app alone: a phone is not shown the laptop's folders), where they are."""
    if table and not is_local_visitor():  # a phone is told of no file of the computer
        st.caption(tr("house_kinds_away"))
    elif table:
        st.caption(tr("house_kinds", path=said_path(table)), help=path_help(table))


def _add_kind(root: Path, table: str | None = None) -> None:
    """"Add a tile kind": the id and name typed, added to the dataset's kinds (``kinds.add_kinds``), or why not
    (``table``: the house table in use, whose tiles the dataset has already where its names have them)."""
    kind = (st.session_state.get("label_new_kind_id") or "").strip()
    name = (st.session_state.get("label_new_kind_name") or "").strip()
    try:
        add_kinds(root, {kind: name}, table)
    except TilelensInputError as exc:
        _note("error", error_text(exc))
        return
    st.session_state["label_new_kind_id"] = st.session_state["label_new_kind_name"] = ""
    st.session_state[VERSION_KEY] = st.session_state.get(VERSION_KEY, 0) + 1
    _note("success", tr("kind_added", kind=kind))


def _add_kind_panel(root: Path, table: str | None = None) -> None:
    with st.expander(tr("add_kind")):
        st.caption(tr("add_kind_help"))
        st.text_input(tr("add_kind_id"), key="label_new_kind_id", max_chars=32)
        length_count("label_new_kind_id")  # its count ("0/32") on a Japanese screen before one types
        st.text_input(tr("add_kind_name"), key="label_new_kind_name")
        st.button(tr("add_kind_button"), key="label_new_kind_add", on_click=_add_kind, args=(root, table))


def _mark_absent(root: Path, key: str, absent: bool, table: str | None = None, game: Game | None = None) -> None:
    """Say the kinds chosen (``key``'s multiselect; all those said absent, for ``absent=False``) are not in the
    set, or are after all (``kinds.set_absent``; ``table``: the house table in use). Said absent: their boxes on the
    photos not accepted become the plain kind or are removed (``kinds.mark_absent``), said with a count and an Undo
    (``ABSENT_MARKED``); refused where an accepted photo has one, naming it."""
    kinds = st.session_state.get(key) or []
    if not kinds:
        return
    marked = None
    try:
        if absent:
            marked = mark_absent(root, kinds, table)
        else:
            set_absent(root, kinds, absent, table)
    except AbsentInUse as exc:
        named = photo_names(exc.photos)
        n = len(exc.photos)
        photos = ", ".join(as_code(named[p]) for p in exc.photos[:OTHER_GAME_SHOWN])
        if n > OTHER_GAME_SHOWN:
            photos += tr("list_more", more=tr("other_game_more", n=n - OTHER_GAME_SHOWN))
        _note("error", tr("absent_refused", kinds=_kinds_said(game, exc.kinds), n=n, photos=photos,
                          s="s" if n != 1 else "", have="has" if n == 1 else "have",
                          those="its" if n == 1 else "their", them="it" if n == 1 else "them"))
        return
    except TilelensInputError as exc:
        _note("error", error_text(exc))
        return
    except OSError as exc:  # a label file or data.yaml that cannot be written: nothing half done (``mark_absent``)
        _note("error", _named_in(os_error_text(exc), root))
        return
    st.session_state[VERSION_KEY] = st.session_state.get(VERSION_KEY, 0) + 1
    st.session_state[key] = []
    if marked is not None:
        st.session_state[ABSENT_MARKED] = (str(root), marked, table)


def _kinds_said(game: Game | None, kinds) -> str:
    """Kinds as a message names them: by name ("赤五萬"; a dataset's own on an English screen with its id)."""
    return ("、" if lang() == "ja" else ", ").join(_name_md(game, k) for k in kinds)


def _absent_marked_panel(root: Path, game: Game | None) -> None:
    """What "Not in my set" last did to this dataset (``ABSENT_MARKED``), at the top of the page with its Undo, until
    it is undone or another dataset is opened: the kinds said absent, and the boxes of the photos not accepted made the
    plain kind (or removed), counted."""
    held = st.session_state.get(ABSENT_MARKED)
    if not held or held[0] != str(root):
        st.session_state.pop(ABSENT_MARKED, None)
        return
    marked = held[1]
    text = tr("absent_marked", kinds=_kinds_said(game, marked.kinds or [k for k, _, _ in marked.made]))
    if marked.made:
        joined = "、" if lang() == "ja" else ", "
        changes = joined.join(tr("absent_to", kind=_name_md(game, k), n=n, plain=_name_md(game, plain)) if plain
                              else tr("absent_gone", kind=_name_md(game, k), n=n) for k, plain, n in marked.made)
        n = len(marked.photos)
        text += (" " if lang() != "ja" else "") + tr("absent_changed", photos=n, s="s" if n != 1 else "",
                                                     changes=changes)
    with st.container(key="label_absent_marked_box"):
        st.success(text)
        st.button(tr("absent_marked_undo"), key="label_absent_marked_undo", on_click=_unmark_absent,
                  args=(root, game))


def _unmark_absent(root: Path, game: Game | None) -> None:
    """Undo of "Not in my set" (``kinds.unmark_absent``): said, with the photos changed since whose boxes it left."""
    held = st.session_state.pop(ABSENT_MARKED, None)
    if not held or held[0] != str(root):
        return
    marked = held[1]
    try:
        left = unmark_absent(root, marked, held[2])
    except TilelensInputError as exc:
        _note("error", error_text(exc))
        return
    except OSError as exc:
        _note("error", _named_in(os_error_text(exc), root))
        return
    st.session_state[VERSION_KEY] = st.session_state.get(VERSION_KEY, 0) + 1
    kinds = marked.kinds or [k for k, _, _ in marked.made]
    _note("success", tr("absent_undone", kinds=_kinds_said(game, kinds), are="is" if len(kinds) == 1 else "are"))
    if left:
        named = photo_names(list(left))
        _note("warning", tr("absent_undo_left", photos=", ".join(as_code(named[p]) for p in left)))


def _absent_panel(root: Path, unseen: tuple[str, ...], config, game: Game | None) -> None:
    """Beside the kinds never seen: say some are not in this set (no red fives), and those said so. Offered: the kinds
    never seen first, then the others the dataset has (a red five the model proposed on photos nobody checked yet:
    ``_mark_absent`` makes those boxes plain fives)."""
    table = None if config.tileset else house_table(config.game)
    offered = list(dict.fromkeys([*unseen, *(k for k in config.names if k not in config.absent)]))
    if offered:
        # the ids themselves as values (each shown by its name and id): a value is kept as its text, so a text in
        # the screen's language was not found again in the run of the click
        st.multiselect(tr("absent_pick"), offered, key="label_absent_pick", help=tr("absent_help"),
                       placeholder=tr("absent_placeholder"),
                       format_func={k: _named_with_id(game, k) for k in offered}.__getitem__)
        st.button(tr("absent_mark"), key="label_absent_mark", on_click=_mark_absent,
                  args=(root, "label_absent_pick", True, table, game))
    if config.absent:
        st.caption(tr("absent_now", kinds=", ".join(_name_md(game, k) for k in config.absent)))
        st.session_state["label_absent_all"] = list(config.absent)
        st.button(tr("absent_undo"), key="label_absent_undo", on_click=_mark_absent,
                  args=(root, "label_absent_all", False, table))


def _add_name(root: Path, photo: str, names: tuple[str, ...], index: int, table: str | None, kind: str) -> None:
    """A picture of a tile of the table in use the dataset does not name yet (a member the house table took back after
    the dataset was made): the kind added to its ``names`` (``kinds.add_game_kinds``: after them, so no label's class
    number changes; the game's kind, not one of the dataset's own), then given to the selected box (``_edit``)."""
    if edits_waiting(EDITOR_KEY) or st.session_state.get(SEL_KEY) != index:
        return  # as ``_edit``: a click on another box just before; nothing added
    try:
        names = add_game_kinds(root, [kind], table).names
    except LabelFileError as exc:
        _note("error", error_text(exc))
        return
    except OSError as exc:  # data.yaml cannot be written (no rights, a full disk)
        _note("error", os_error_text(exc))
        return
    _edit(root, photo, names, editing.set_kind, index, kind)


def _picture_picker(game: Game, names: tuple[str, ...], args: tuple, keys: set[str], whole: bool = False,
                    table: str | None = None, absent: tuple[str, ...] = ()) -> set[str]:
    """The game's tiles the dataset names, as pictures (filtered by type, colour or suit); a click gives the selected
    box that kind. ``whole``: the dataset is the game's, and the table in use's other tiles (``table``: the house
    table's file, or None for the box's), those the dataset does not name yet, come after its own, in an expander
    closed when they are many (a dataset of three kinds of riichi drew 37 pictures in one grid, and a kind of its own
    went below the fold, where a click scrolled the photo away); a click adds the kind to the dataset's names
    (``_add_name``). Returns the kinds it draws, under one filter or another (``_own_picker`` draws the others). The
    kinds the set does not have (``absent``: a red five) are not offered."""
    kinds = [tile for tile in game.tiles if tile.id in names and tile.id not in absent]
    others = [tile for tile in game.tiles if whole and tile.id not in names and tile.id not in absent]
    pictured = {tile.id for tile in kinds + others}
    keys.add("label_pick_filter")
    attr = filter_attribute(game)
    if attr is not None:
        values = sorted({k.attrs[attr] for k in kinds + others if attr in k.attrs})
        shown = {v: attribute_value(attr, v) for v in values}  # 萬子, not m (the language fixed now)
        chosen = st.pills(tr("pick_filter"), values, key="label_pick_filter", label_visibility="collapsed",
                          format_func=shown.__getitem__)
        kinds, others = ([k for k in group if chosen is None or k.attrs.get(attr) == chosen or k.almighty]
                         for group in (kinds, others))
    _picture_grid(game, kinds, "label_picker", keys,
                  lambda tile: (_edit, (*args[:3], editing.set_kind, args[3], tile.id)))
    if others:
        with st.expander(tr("other_tiles", n=len(others)), expanded=len(others) <= SHORT_KINDS,
                         key="label_other_tiles"):
            st.caption(tr("other_tiles_help"))
            _picture_grid(game, others, "label_other_picker", keys, lambda tile: (_add_name, (*args, table, tile.id)))
    return pictured


def _picture_grid(game: Game, tiles: list, key: str, keys: set[str], click) -> None:
    """``tiles`` as pictures, each with a button named by its id (``label_pick_<id>``) whose ``click(tile)`` is its
    callback and arguments."""
    grid = st.container(horizontal=True, gap="small", key=key)
    for tile in tiles:
        with grid.container(width=64, gap=None, key=_unique_key(f"label_pick_cell_{tile.id}", keys)):
            st.image(face_picture(game.id, tile.id, tile.name_ja, 48, riichi=game.engine == "riichi"), width=48,
                     output_format="JPEG", alt=_name(game, tile.id))
            on_click, on_args = click(tile)
            st.button(tile.id, key=_unique_key(f"label_pick_{tile.id}", keys), on_click=on_click, args=on_args,
                      help=_name_md(game, tile.id), width="stretch")


def _check(root: Path, game: Game | None, stamp=None, listing=None):
    """``label check``'s report of the dataset as it is now (counted again after every save). ``stamp``: its
    ``dataset_stamp``, taken before ``listing`` (its ``split_images`` in this run) was: a change made while
    it was listed is counted again on the next run, never kept under the stamp of after it."""
    edited = settings.edited_path(game.id) if game is not None else None
    stamp = stamp if stamp is not None and listing is not None else dataset_stamp(root)
    # with this session's count of saves too: a file system that keeps times to the second may not tell
    return _report(str(root), (stamp, st.session_state.get(VERSION_KEY, 0)),
                   str(edited) if edited else None, _listing=listing)


def _split_text(split: str, n: int, config) -> str:
    """A split's photo count; a split that reads the training split's folders (the layout tilelens writes
    with no val folder) says so rather than counting them again."""
    name = tr(f"split_{split}") if f"split_{split}" in STRINGS else split
    sources = {str(k): v for k, v in config.sources.items()}
    if split != "train" and sources.get(split) and sources.get(split) == sources.get("train"):
        return tr("split_same", split=name)
    return tr("split_photos", split=name, n=n, s="s" if n != 1 else "")


# The kinds never seen (and those with few boxes) were one line of names: for a Cinderella Girls set dozens of
# idol names nobody can picture. They are small pictures with the name under each, in a grid that wraps; a long
# list is closed. Each name is said once, by its caption: the picture is decorative to a screen reader, and
# no line of every name is kept for it (hidden from the eye, it made a screen reader say each name twice).
SHORT_KINDS = 8  # a list this long or shorter is shown open
KIND_PICTURE_W = 40
KINDS_CSS = '.st-key-label_{which}_grid p {{ word-break: normal; overflow-wrap: break-word; }}'


def _kinds_pictures(which: str, title: str, kinds, pictured: Game | None, game: Game | None, line: str,
                    why: str | None = None) -> None:
    """``kinds`` in an expander titled ``title`` (its count in it): the pictures of those ``pictured`` (the
    dataset's game's kinds; none for an enrolled set, whose tiles look otherwise) with their names under them,
    the others by name; ``line`` (every name in one line) where no kind has a picture."""
    faces = {}
    for kind in kinds:
        try:
            tile = pictured.tile(kind) if pictured is not None else None
        except TilelensInputError:  # not one of the game's kinds: its name alone
            tile = None
        if tile is not None:
            faces[kind] = tile
    with st.expander(title, expanded=len(kinds) <= SHORT_KINDS, key=f"label_{which}_kinds"):
        if not faces:
            st.caption(line)
        else:
            style(f"{no_toolbars_css(f'label_{which}_grid')}\n{KINDS_CSS.format(which=which)}")
            grid = st.container(horizontal=True, gap="small", key=f"label_{which}_grid")
            for i, kind in enumerate(kinds):
                with grid.container(width=KIND_PICTURE_W + 32, gap=None, key=f"label_{which}_cell_{i}"):
                    if kind in faces:
                        st.image(face_picture(pictured.id, faces[kind].id, faces[kind].name_ja, KIND_PICTURE_W,
                                              riichi=pictured.engine == "riichi"),
                                 width=KIND_PICTURE_W, output_format="JPEG", alt="")  # the caption under it names it
                    st.caption(_name_md(game, kind))
            if why:  # what the line says after the names, said under the pictures
                st.caption(why)


def _dataset_panel(report, game: Game | None, config, root: Path | None = None) -> None:
    stats = report.stats
    st.subheader(tr("chart"), anchor=False)
    counts = {_name(game, k): n for k, n in stats.tiles_per_kind.items()}
    if any(counts.values()):
        # named columns: a dict's were shown as the axes' titles, "index" and "value", in English on any screen
        kind, count = tr("chart_kind"), tr("chart_count")
        table = pd.DataFrame({kind: list(counts), count: list(counts.values())})
        st.bar_chart(table, x=kind, y=count, horizontal=len(counts) > 20,
                     sort=False,  # catalog order, as in the picker
                     height=max(250, 14 * len(counts)) if len(counts) > 20 else "content")
    pictured = game if game is not None and settings.game_id_of(config.game) == game.id and not config.tileset \
        else None
    if stats.unseen_kinds:
        kinds = stats.unseen_kinds
        _kinds_pictures("never", tr("never_seen_title", n=len(kinds)), kinds, pictured, game,
                        tr("never_seen", n=len(kinds), kinds=", ".join(_name_md(game, k) for k in kinds)))
    if root is not None:
        _absent_panel(root, stats.unseen_kinds, config, game)
    if stats.thin_kinds:
        kinds = stats.thin_kinds
        _kinds_pictures("thin", tr("thin_title", t=THIN, n=len(kinds)), kinds, pictured, game,
                        tr("thin", t=THIN, n=len(kinds), kinds=", ".join(_name_md(game, k) for k in kinds)),
                        tr("thin_why"))
    issues = problems_of(report.issues)
    unlabelled = len(report.issues) - len(issues)
    with st.expander(f"{tr('checks')} ({len(issues)})"):
        st.caption(" · ".join(_split_text(split, n, config) for split, n in stats.photos_per_split.items()))
        if unlabelled:  # the state a dataset filed without proposals is in, not a problem of each photo
            st.info(tr("to_label", n=unlabelled, s="s" if unlabelled != 1 else ""))
        if not issues and not unlabelled:  # photos still to label are no dataset checked and found good
            st.success(tr("no_issues"))
        for issue in issues[:200]:
            (st.error if issue.is_error else st.warning)(issue_text(issue, root, config))


def problems_of(issues) -> list:
    """``label check``'s findings but for the photos with no label file yet (``no-label-file``: photos to label,
    said once on the page, not one warning each: a dataset filed without proposals is all of them on purpose)."""
    return [i for i in issues if i.kind != IssueKind.NO_LABEL_FILE]


def _prelabel_panel(root: Path) -> None:
    """A folder of photos with no data.yaml yet: offer to pre-label it (what `label init` does), with the game or
    tile set the person chooses: never one chosen for them (the first of the list put Cinderella Girls boxes on a
    mahjong photo), but the game they chose on the other pages."""
    loose = loose_photos(root)
    tilesets = enrolled_tilesets()
    labels = game_names() | {f"tileset:{t}": tr("tileset", name=t) for t in tilesets}
    chosen = st.session_state.get(GAME_KEY)  # the game the person picked on the other pages, where it is one of these
    if st.session_state.get(GAME_PICKED_KEY) and chosen in labels:
        st.session_state.setdefault("label_init_game", chosen)
    if st.session_state.get("label_init_game") not in labels:  # a set removed since, or none chosen yet
        st.session_state["label_init_game"] = None
    choice = st.session_state["label_init_game"]
    # what the button will do: propose boxes and tiles, or, for a game no model reads yet, only file the photos
    files_only = choice is not None and _reads_nothing(choice)
    said = ("no_dataset_no_reader" if files_only else "no_dataset") + ("" if is_local_visitor() else "_away")
    st.info(tr(said, n=len(loose), s="s" if len(loose) != 1 else ""))
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
            with st.spinner(tr("prelabelling")):
                reader = load_reader(None, tileset) if tileset else _game_reader(ref)
                summary = prelabel_folder(root, ref, tileset, reader=reader, progress=False, table=table)
        except TilelensInputError as exc:  # no model for this game yet, a foreign data.yaml, ...
            st.error(_named_in(error_text(exc), root))
            return
        for skipped in summary.unreadable:
            _note("warning", f"{_photo_said(skipped.photo)}: {said(skipped.why, skipped.why_ja)}")
        _note_other_game(summary, game_id)
        if summary.dropped_kinds:  # a kind the house table dropped (himetan), read by the box's model: not a tile
            _note("info", tr("dropped", kinds=", ".join(summary.dropped_kinds)))
        _note_unlearnt(summary)
        if not _note_no_reader(summary):  # filed for labelling by hand: no "Pre-labelled 0 photos" success
            _note("success", _prelabelled_text(summary.labelled, summary.tiles))
        st.rerun()  # the dataset, opened at its first photo, with what was done above it


def _prelabelled_text(photos: int, tiles: int) -> str:
    """What a pre-labelling did: "Pre-labelled 1 photo (9 tiles)." (one photo, one tile in the singular)."""
    return tr("prelabelled", n=photos, tiles=tiles, s="s" if photos != 1 else "", ts="s" if tiles != 1 else "")


def _open_suspect(photos: list[str], photo: str, box: int | None) -> None:
    if photo in photos:
        st.session_state[INDEX_KEY] = photos.index(photo)
        st.session_state[SEL_KEY] = box


def _suspect_box(root: Path, suspect) -> Box | None:
    """The suspect's box, normalised, showing what the model reads (None if the photo cannot be read)."""
    from tilelens.labelling.yolo import image_size

    try:
        w, h = image_size(root / suspect.photo)
    except LabelFileError:
        return None
    x1, y1, x2, y2 = suspect.xyxy
    return Box(suspect.reads, (x1 / w, y1 / h, x2 / w, y2 / h))


def _still_open(boxes: tuple[Box, ...], where: Box | None, suspect) -> int | bool:
    """Whether a suspect is not dealt with yet, given its photo's ``boxes`` now and its own box ``where``
    (``_suspect_box``). A flagged label: its index, if that box is still where it was and still says what
    was flagged (else False). A tile nobody labelled: True while no box covers it."""
    from tilelens.labelling.audit import UNLABELLED_IOU, WRONG_KIND

    if where is None:
        return False
    if suspect.what == WRONG_KIND:
        i = suspect.box
        same = i is not None and i < len(boxes) and boxes[i].kind == suspect.label and iou(boxes[i], where) > 0.9
        return i if same else False
    return all(iou(where, b) < UNLABELLED_IOU for b in boxes)


def _accept_reading(root: Path, names: tuple[str, ...], suspect) -> None:
    """Take the model's reading of a suspect: the flagged label becomes what it reads, or the tile nobody
    labelled gets a box of that kind. Nothing happens if the label file changed under it."""
    from tilelens.labelling.audit import WRONG_KIND

    boxes, _ = editing.load_boxes(root, suspect.photo, names)
    where = _suspect_box(root, suspect)
    state = _still_open(boxes, where, suspect)
    if state is False:
        return
    if suspect.what == WRONG_KIND:
        new = editing.set_kind(boxes, state, suspect.reads)
    else:
        new = editing.add_box(boxes, where)
    _saved(root, suspect.photo, new, names)


def _suspect_picture(path: Path, suspect) -> Image.Image:
    """The suspect's box, padded, upright, cut as the event check cuts a flagged tile (``crop_tile``)."""
    from tilelens.event.images import crop_tile

    return crop_tile(open_upright(path), suspect, pad=0.15)


def _audit_panel(root: Path, config, game: Game | None, photos: list[str], names: tuple[str, ...]) -> None:
    """Run ``label audit`` from the page and show each suspect as a picture with a button to open it."""
    from tilelens.labelling.audit import WRONG_KIND, audit_dataset

    with st.expander(tr("audit")):
        st.caption(tr("audit_help" if is_local_visitor() else "audit_help_away"))
        if st.button(tr("audit_run"), key="label_audit_run"):
            if not config.tileset and game is None:
                st.warning(tr("audit_none_reader" if is_local_visitor() else "audit_none_reader_away"))
                return
            try:
                with st.spinner(tr("auditing")):
                    reader = (load_reader(None, config.tileset, set_limit=False) if config.tileset
                              else resources.recognizer(game.id))
                    report = audit_dataset(root, reader, progress=False)
            except TilelensInputError as exc:  # no model for this game, a damaged tile set, ...
                st.error(error_text(exc))
                return
            st.session_state[AUDIT_KEY] = (str(root), report)
        saved = st.session_state.get(AUDIT_KEY)
        if not saved or saved[0] != str(root):
            return
        report = saved[1]
        st.write(tr("audit_found", wrong=len(report.of(WRONG_KIND)), unlabelled=len(report.suspects)
                    - len(report.of(WRONG_KIND)), photos=report.photos, labels=report.labels))

        cols = st.columns(4)
        shown = [(n, s) for n, s in enumerate(report.suspects[:AUDIT_SHOWN])
                 if _still_open(editing.load_boxes(root, s.photo, names)[0], _suspect_box(root, s), s) is not False]
        for col, (n, s) in enumerate(shown):
            with cols[col % 4]:
                caption = (tr("audit_wrong", label=_name_md(game, s.label), reads=_name_md(game, s.reads),
                              prob=s.prob)
                           if s.what == WRONG_KIND else tr("audit_unlabelled", reads=_name_md(game, s.reads)))
                try:
                    st.image(_suspect_picture(root / s.photo, s), caption=caption)
                except (OSError, ValueError, SyntaxError, Image.DecompressionBombError):  # a photo gone or damaged since
                    st.caption(caption)
                row = st.container(horizontal=True)
                row.button(tr("audit_open"), key=f"label_audit_open_{n}", on_click=_open_suspect,
                           args=(photos, s.photo, s.box), help=s.photo)
                if s.reads in names:
                    row.button(tr("audit_use" if s.what == WRONG_KIND else "audit_add", reads=_name_md(game, s.reads)),
                               key=f"label_audit_use_{n}", on_click=_accept_reading, args=(root, names, s))
        if len(report.suspects) > AUDIT_SHOWN:
            st.caption(tr("audit_more" if is_local_visitor() else "audit_more_away",
                          n=len(report.suspects) - AUDIT_SHOWN))


def _jump(photos: list[str]) -> None:
    st.session_state[INDEX_KEY] = photos.index(st.session_state["label_jump"])
    st.session_state[SEL_KEY] = None
    st.session_state["label_jump"] = None  # empty again: choosing the same photo later is a change too


def _note(kind: str, text: str) -> None:
    st.session_state.setdefault(NOTES_KEY, []).append((kind, text))


def _show_notes() -> None:
    """The notes, in a place drawn on every run (empty without one): a note shown once moved everything after it one
    place on the run after, and the browser drew the page anew, so a button pressed with Enter ("Next box" after
    "Pre-labelled 3 photos") lost its focus to the page body."""
    slot, notes = st.empty(), st.session_state.pop(NOTES_KEY, [])
    if notes:
        with slot.container():
            for kind, text in notes:
                {"success": st.success, "info": st.info, "warning": st.warning, "error": st.error}[kind](text)


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


def _open_dataset(root: Path) -> None:
    """Open ``root`` on the next run (the folder box cannot change once drawn in this one)."""
    st.session_state[NEXT_DIR_KEY] = str(root)


def _start_panel(intro: bool = True) -> None:
    """No folder named yet (or one refused to a visitor from the network, ``intro`` False: said above it): start a
    dataset from uploaded photos, or open one started here before."""
    if intro:
        st.info(tr("no_folder" if is_local_visitor() else "no_folder_away"))
    home = as_code(datasets_dir())  # its full path to the person at the computer; a phone is told no folder
    st.subheader(tr("new_title"), anchor=False)
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


OTHER_GAME_SHOWN = 3  # photos named in the warning of photos of another game; the others counted


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
        return bool(no_reader_for(settings.game_ref(choice)))
    except TilelensInputError:  # a broken game file or models folder: said when the button is pressed
        return False


def _note_no_reader(summary) -> bool:
    """Say why the photos were filed without proposals: no model reads the game's tiles yet (a new edition), in
    the app's own words (the command line's commands are what the page has just done). True when said."""
    if getattr(summary, "no_reader", ()):
        _note("info", tr("no_reader_filed"))
        return True
    return False


def _note_unlearnt(summary) -> None:
    """Name the kinds of the table in use the model that proposed the boxes never learnt (``PrelabelSummary.unlearnt``:
    a house table's new member, a club copy's), proposed as other kinds: boxes to name by hand."""
    if getattr(summary, "unlearnt", ()):
        _note("warning", said(unlearnt_line(summary, "en"), unlearnt_line(summary, "ja")))


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


def _photo_said(photo: str) -> str:
    """A photo (a path in the dataset, ``images/train/IMG_7001.jpg``) as a message names it: its path to the person
    at the computer, its name alone (``short_name``) to a phone, as the page names it there elsewhere."""
    return photo if is_local_visitor() else short_name(photo)


def _add_choices(root: Path, config) -> dict[str, str]:
    """What "Add photos" may pre-label with -> its name: the tile sets taught from this dataset (the newest first,
    ``teach.own_tilesets``) and the one it was made with, then the game's own model; the first is the one chosen.
    A set taught from the dataset read its photos 68 of 68 right where the game's model read 29."""
    sets = list(dict.fromkeys([*own_tilesets(root), *([config.tileset] if config.tileset else [])]))
    choices = {f"tileset:{name}": tr("tileset", name=name) for name in sets}
    game_id = settings.game_id_of(config.game) if config.game else None
    if game_id and not config.tileset:
        choices["game"] = tr("game_model", game=game_names().get(game_id, game_id))
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
    st.session_state[VERSION_KEY] = st.session_state.get(VERSION_KEY, 0) + 1
    try:
        new = [p for p in editing.photo_paths(root, read_data_yaml(root)) if p not in before]
    except (TilelensInputError, OSError):  # said on the page's next run
        new = []
    if new:  # the first photo added is shown next (the page stayed on the photo it was on, the new ones out of sight)
        st.session_state[WANTED_KEY] = (str(root), new[0])
        st.session_state[SEL_KEY] = None


def _file_and_prelabel(root: Path, config, added: AddedPhotos, choice: str | None) -> None:
    """``_add_to_dataset``'s filing and pre-labelling of the photos ``added`` (saved loose in ``root``), each
    outcome said in a note."""
    chosen = choice[8:] if choice and choice.startswith("tileset:") else None
    try:
        if not (config.game or config.tileset or chosen):
            ja, en = STRINGS["no_game_in_dataset" if is_local_visitor() else "no_game_in_dataset_away"]
            raise LabelFileError(en, ja)
        with st.spinner(tr("prelabelling")):
            tileset = chosen or (config.tileset if choice != "game" else None)
            reader = resources.recognizer(config.game or "", tileset) if tileset else \
                _game_reader(config.game or "")
            summary = prelabel_folder(root, config.game, config.tileset or (chosen if not config.game else None),
                                      reader=reader, progress=False)
    except TilelensInputError as exc:  # no model for it, class names that are not the game's, ...
        _, unfiled = file_loose_photos(root)
        _note("warning", _named_in(error_text(exc), root, config))
        _note("success", _saved_line(len(added.saved) - len(unfiled)))
    else:
        for skipped in summary.unreadable:  # a photo that could not be filed or read
            _note("warning", f"{_photo_said(skipped.photo)}: {said(skipped.why, skipped.why_ja)}")
        _note_other_game(summary, config.game)
        _note_unlearnt(summary)
        if _note_no_reader(summary):  # filed to be labelled by hand: saved, none pre-labelled
            _note("success", _saved_line(max(0, len(added.saved) - len(summary.unreadable))))
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
    labels = game_names() | {f"tileset:{t}": tr("tileset", name=t) for t in enrolled_tilesets()}
    asked = st.session_state.get(REDO_ASK)
    taught = _newest_own_set(root, config)
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
            tr("game_model", game=labels[choice])
        st.warning(tr("redo_ask", n=todo, s="s" if todo != 1 else "", done=accepted, choice=named))
        row = st.container(horizontal=True)
        yes = row.button(tr("redo_yes"), key="label_redo_yes", type="primary")
        row.button(tr("redo_no"), key="label_redo_no", on_click=_ask, args=(REDO_ASK, None))
        if yes:
            st.session_state.pop(REDO_ASK, None)
            _redo(root, config, choice)
            st.rerun()


def _newest_own_set(root: Path, config) -> str | None:
    """The tile set taught from the dataset last (``teach.own_tilesets``), where the dataset is not labelled with it
    already (its data.yaml's ``tileset``); None where there is none."""
    try:
        sets = own_tilesets(root)
    except (TilelensInputError, OSError):
        return None
    return sets[0] if sets and sets[0] != config.tileset else None


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


def _ask(key: str, root: Path | None, what: str | None = None) -> None:
    """Remember a question asked (``key``: ``REDO_ASK``, ``REMOVE_ASK``) about ``root`` (None: the question dropped)."""
    if root is None:
        st.session_state.pop(key, None)
    else:
        st.session_state[key] = (str(root), what)


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
        same = table_names(ref, tileset, table, config) is not None  # the dataset's own list, or its other table's
        if not same and accepted:
            n = len(accepted)
            _note("error", tr("redo_refused_done", n=n, s="s" if n != 1 else "", are="are" if n != 1 else "is",
                              them="them" if n != 1 else "it"))
            return
        if not same and not own_layout(config):
            _note("error", tr("redo_refused_layout"))
            return
        with st.spinner(tr("prelabelling")):
            reader = load_reader(None, tileset) if tileset else _game_reader(ref)
            # all or nothing (``relabel.prelabel_again``): failed, every box and the data.yaml are as they were
            if same:  # read with the chosen model, the dataset's game (or set) and its data.yaml kept
                summary = prelabel_again(root, config.game, config.tileset, reader=reader,
                                         table=None if config.tileset else house_table(config.game))
            else:  # another game's tile list: no photo accepted, every box is the old game's proposal
                names = with_own_kinds(table_names(ref, tileset, table, None), config)
                summary = prelabel_again(root, ref, tileset, reader=reader, table=table, new_list=_replace_config(
                    config, names=names, game=stored_game(ref) if ref else None, tileset=tileset,
                    absent=tuple(k for k in config.absent if k in names)))
    except (TilelensInputError, OSError) as exc:  # no model for it, the progress file damaged, a full disk, ...
        _note("error", _named_in(error_text(exc) if isinstance(exc, TilelensInputError) else os_error_text(exc), root,
                                 config))
        return
    for skipped in summary.unreadable:
        _note("warning", f"{_photo_said(skipped.photo)}: {said(skipped.why, skipped.why_ja)}")
    _note_other_game(summary, game_id)
    _note_unlearnt(summary)
    if not _note_no_reader(summary):
        _note("success", _prelabelled_text(summary.labelled, summary.tiles))
    st.session_state[VERSION_KEY] = st.session_state.get(VERSION_KEY, 0) + 1
    st.session_state[SEL_KEY] = None


def _leftovers(root: Path) -> None:
    """What a "Pre-label again" stopped half way (the app closed) left in the dataset ``root``: put back and said
    (``relabel.put_back_leftovers``), or, where it cannot be, said once with what to do."""
    told = st.session_state.setdefault(LEFTOVERS_TOLD, set())
    for left in put_back_leftovers(root):
        if left.stuck is None:
            st.info(as_typed(said(*left.text())))
        elif (str(root), left.folder) not in told:
            told.add((str(root), left.folder))
            st.warning(as_typed(said(*left.text())))


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
    job = teach_status(root)
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
    (``PROGRESS_FILE``: opened on the laptop, the dataset teaches with them) and the originals of photos filed as JPEGs
    (``originals/``: an iPhone's HEIC), in a folder of the dataset's name (what lies outside the dataset's folder, and
    the app's own files, left out)."""
    photos = editing.photo_paths(root, config)
    files = ["data.yaml", PROGRESS_FILE]
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


def _from_address() -> bool:
    """A new session (a reload) on an address naming a dataset: open it, and its photo once its photos are
    listed (``WANTED_KEY``). A dataset no longer there is said in one line, and the page starts as usual. True
    where the address's folder was refused to a visitor from the network (said: the page says nothing more)."""
    folder = st.query_params.get("dataset", "")
    if not folder:
        return False
    root = _folder_of(folder)
    if root is not None and not folder_allowed(root):  # a phone: nothing said of whether it is there
        _note("error", refused_text(folder=root))
        _in_address(dataset=None, photo=None)
        return True
    if root is not None and there(root) and root.is_dir():
        st.session_state[DIR_KEY] = _address_name(root) or folder  # (or as the address wrote it)
        st.session_state[WANTED_KEY] = (str(root), st.query_params.get("photo", ""))
    else:
        _note("warning", tr("gone_dataset", p=as_typed(folder)))  # ``?dataset=``: anything the address says
        _in_address(dataset=None, photo=None)
    return False


def _folder_of(text: str) -> Path | None:
    """The folder the folder box (or the address) names: a path as typed or pasted (``typed_path``), taken as
    ``visitor.named_folder`` takes it (from ``$TILELENS_HOME`` or ``~`` too; a relative path a dataset's or a shared
    folder's name). None where it names no folder at all (``~user`` of no user of this computer): a folder, a
    dataset, that is not there."""
    return named_folder(typed_path(text))


def _refuse_inside(root: Path, dataset: Path) -> None:
    """Say that ``root`` lies inside ``dataset`` (``enclosing_dataset``), with a button that opens the dataset itself,
    where this visitor may open it."""
    name = as_code(_as_named(dataset))
    if folder_allowed(dataset):
        st.error(tr("inside_dataset", name=name))
        st.button(tr("open_dataset", name=as_typed(_as_named(dataset))), key="label_open_enclosing", type="primary",
                  on_click=_open_dataset, args=(dataset,))
    else:
        st.error(tr("inside_dataset_closed", name=name))


CASE_MATCHES = 8  # folders offered for a name typed in other capitals


def _entries_like(folder: Path, name: str) -> list[Path]:
    """The folders in ``folder`` named ``name`` but for capitals (``Club-photos`` for ``club-photos``)."""
    wanted = name.casefold()
    try:
        with os.scandir(folder) as entries:
            return sorted(Path(e.path) for e in entries if e.name.casefold() == wanted and e.is_dir())
    except OSError:  # not there, not a folder, not for this user
        return []


def case_matches(root: Path) -> list[Path]:
    """The folders ``root`` (not there) names but for capitals: its path from the nearest folder above it that is there
    (the datasets folder, for a name a phone typed), each name looked for in any capitals (an iPhone's keyboard wrote
    ``Club-photos``); a shared folder's name too, in the datasets folder's place. Those this visitor may open, the
    datasets folder itself not among them; at most ``CASE_MATCHES``."""
    datasets = Path(os.path.abspath(datasets_dir()))
    base, rest = Path(os.path.abspath(root)), []
    while base != datasets and not there(base) and base.parent != base:
        base, rest = base.parent, [base.name, *rest]
    if not rest:
        return []
    found = _entries_like(base, rest[0])
    if base == datasets:  # a shared folder's name, typed where a dataset's goes
        found += [share for share in shared_folders()[1:] if share.name.casefold() == rest[0].casefold()]
    for name in rest[1:]:
        found = [match for folder in found for match in _entries_like(folder, name)][:CASE_MATCHES * 4]
    return [folder for folder in dict.fromkeys(found) if Path(os.path.abspath(folder)) != datasets
            and folder_allowed(folder) and _address_name(folder)][:CASE_MATCHES]


def _no_dataset_named(root: Path, typed: str) -> None:
    """A phone typed a name no dataset has: the one folder it names but for capitals (``case_matches``) opened, and
    said; several offered, each with a button; else "There is no dataset called …", and the datasets listed."""
    matches = case_matches(root)
    if len(matches) == 1:
        _note("info", tr("case_opened", typed=as_code(typed), name=as_code(_address_name(matches[0]))))
        _open_dataset(matches[0])
        st.rerun()
    _in_address(dataset=None, photo=None)
    st.error(tr("no_dataset_named", name=as_code(_as_named(root))))
    for n, match in enumerate(matches):
        st.button(tr("case_offered", name=as_typed(_address_name(match))), key=f"label_case_{n}",
                  on_click=_open_dataset, args=(match,))
    _start_panel(intro=False)


def _address_name(root: Path) -> str | None:
    """``root`` as the folder box and the address name it to this visitor, a name ``_folder_of`` takes back to it: its
    full path to the person at the computer; to a visitor from the network, its name (``visitor_path``), else its path
    from ``$TILELENS_HOME`` or ``~`` (``visitor.home_short``: the second shared folder of a name, a shared folder whose
    name a dataset took); None where it has neither (a folder elsewhere: never the computer's own paths)."""
    if is_local_visitor():
        return str(root)
    return visitor_path(root) or home_short(root)


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


def _default_folder() -> str:
    """The folder box's first value: the organiser's ``TILELENS_LABEL_DIR``, where this visitor may open it (a
    phone is not shown a path of the computer it cannot open)."""
    folder = typed_path(os.environ.get("TILELENS_LABEL_DIR", ""))
    if not folder:
        return ""
    root = _folder_of(folder)
    if root is None or not folder_allowed(root):
        return ""
    return folder if is_local_visitor() else _address_name(root) or ""


def _in_address(**params: str | None) -> None:
    """The dataset open and the photo shown (``dataset=``, ``photo=``) into the page's address (None: taken
    out of it), changed only where they differ; other pages' parameters (``?lang=``) stay."""
    for name, value in params.items():
        if value is None:
            st.query_params.pop(name, None)
        elif st.query_params.get(name) != value:
            st.query_params[name] = value


def main() -> None:
    st.title(tr("title"), anchor=False)
    if NEXT_DIR_KEY in st.session_state:  # a dataset opened from a button, here or on the photo page
        opened = Path(st.session_state.pop(NEXT_DIR_KEY))  # a dataset of the datasets folder: named to a phone
        st.session_state[DIR_KEY] = _address_name(opened) or str(opened)
        st.session_state[INDEX_KEY] = 0
        st.session_state[FIRST_TODO_KEY] = True
    address_refused = DIR_KEY not in st.session_state and _from_address()
    _show_notes()
    st.session_state.setdefault(DIR_KEY, _default_folder())
    local = is_local_visitor()  # a phone names a dataset, not a folder of the computer
    typed = st.text_input(tr("folder" if local else "folder_away"), key=DIR_KEY,
                          help=tr("folder_help" if local else "folder_help_away"))
    folder = typed_path(typed)
    if not folder:
        _in_address(dataset=None, photo=None)
        _removed_panel()  # a dataset just removed, with its Undo
        _start_panel(intro=not address_refused)  # the address refused is said above: one message, not two
        return
    root = _folder_of(folder)
    if root is None:  # ``~user`` of no user: no folder, no dataset
        _in_address(dataset=None, photo=None)
        if local:
            st.error(tr("folder_missing", p=folder))
        else:
            st.error(tr("no_dataset_named", name=as_code(folder)))
            _start_panel(intro=False)
        return
    if not folder_allowed(root):  # a visitor from the network (a phone): refused before the folder is looked at,
        _in_address(dataset=None, photo=None)  # so the page says nothing of whether it is there
        st.error(refused_text(folder=root))
        _start_panel(intro=False)  # what they can do instead: open a dataset listed, or start one from photos
        return
    if st.session_state.get("label_shown_dir") != str(root):  # another dataset: its first photo to do, no box chosen
        st.session_state["label_shown_dir"] = str(root)
        st.session_state[INDEX_KEY] = 0
        st.session_state[FIRST_TODO_KEY] = True
        st.session_state[SEL_KEY] = None
        st.session_state[FILTER_KEY] = "all"
        for chosen in ("label_add_with", "label_redo_with"):  # the models chosen for the one before: its own
            st.session_state.pop(chosen, None)
    gone = st.session_state.get(REMOVED_KEY)
    if gone and (gone["kind"] == "dataset" or gone["root"] != str(root)):  # another dataset opened since: moved on
        st.session_state.pop(REMOVED_KEY)
    _removed_panel()  # a photo of it just removed, with its Undo
    wanted = st.session_state.pop(WANTED_KEY, None)
    wanted = wanted[1] if wanted and wanted[0] == str(root) else None
    refused = ("folder_missing" if not there(root) else "folder_file" if not root.is_dir()
               else "folder_home" if home_or_above(root)  # its photos would be filed away into images/
               else "data_yaml_folder" if (root / "data.yaml").is_dir() else None)
    if refused == "folder_missing" and not local:  # a phone typed a name: no dataset of it (but for capitals?)
        _no_dataset_named(root, folder)
        return
    inside = enclosing_dataset(root) if refused in (None, "data_yaml_folder") else None
    if inside is not None:  # a folder of a dataset: a draft of it would move the dataset's photos (for everyone)
        _in_address(dataset=None, photo=None)
        _refuse_inside(root, inside)
        return
    if refused:  # said as what it is, not as a data.yaml missing (and no command line to run)
        _in_address(dataset=None, photo=None)
        st.error(tr(refused, p=_named_in(str(root / "data.yaml" if refused == "data_yaml_folder" else root), root)))
        return
    _leftovers(root)  # before its data.yaml is read: a run stopped half way may have changed it
    if not (root / "data.yaml").exists():
        _in_address(dataset=_address_name(root), photo=None)
        _prelabel_panel(root)
        return
    try:
        config = read_data_yaml(root)
    except LabelFileError as exc:
        _in_address(dataset=_address_name(root) if root.is_dir() else None, photo=None)
        st.error(_named_in(error_text(exc), root))
        return
    game, names = _game(config), config.names
    table = None if config.tileset else house_table(config.game)
    _house_note(table)
    OWN_NAMES.clear()
    OWN_NAMES.update(_own_names(config))
    _absent_marked_panel(root, game)  # "Not in my set" just done, with its Undo
    stamp = dataset_stamp(root)  # before the listing, which the check, the page and Teach share (once a run)
    listing = split_images(root, config)
    photos = editing.photo_paths(root, config, listing)
    if not photos:
        _in_address(dataset=_address_name(root), photo=None)
        st.warning(tr("no_photos"))
        _add_panel(root, config)
        teach_panel(root, config, game, 0, 0)  # the last job's outcome stays (or the one still running)
        _manage_panel(root, config, 0)
        return
    first_todo = st.session_state.pop(FIRST_TODO_KEY, False)
    try:
        done = read_progress(root)
    except (TilelensInputError, OSError) as exc:  # damaged, a named pipe (never opened): none shown accepted, said
        st.error(_named_in(error_text(exc) if isinstance(exc, TilelensInputError) else os_error_text(exc), root))
        done = set()
    if wanted in photos:  # the photo of a reloaded address
        st.session_state[INDEX_KEY] = photos.index(wanted)
    elif wanted:
        st.warning(tr("gone_photo", photo=as_typed(wanted)))  # ``?photo=``: anything the address says
    elif first_todo:  # a dataset opened: where the work stopped, its first photo still to do (none: its first)
        st.session_state[INDEX_KEY] = next((i for i, p in enumerate(photos) if p not in done), 0)
    index = min(max(int(st.session_state.get(INDEX_KEY, 0)), 0), len(photos) - 1)
    report = _check(root, game, stamp, listing)
    flagged = issues_by_photo(root, photos, problems_of(report.issues))  # a photo to label is no problem
    shown = _shown(photos, done, flagged)
    if st.session_state.pop(FILTER_MOVED, False) and shown and index not in shown:
        index = next((i for i in shown if i > index), shown[0])
        st.session_state[SEL_KEY] = None
    st.session_state[INDEX_KEY] = index
    photo = photos[index]
    addressed = _address_name(root)  # none: a folder with no short name, left out of the address (its photo too)
    _in_address(dataset=addressed, photo=photo if addressed else None)
    finished = sum(p in done for p in photos)
    st.progress(finished / len(photos), text=tr("progress", done=finished, total=len(photos),
                                                 todo=len(photos) - finished))
    counts = {"all": len(photos), "todo": len(photos) - finished, "problems": len(flagged)}
    choices = {which: tr(f"filter_{which}", n=n) for which, n in counts.items()}
    st.session_state.setdefault(FILTER_KEY, "all")
    st.segmented_control(tr("filter"), list(choices), key=FILTER_KEY, format_func=choices.__getitem__,
                         on_change=_filter_changed, label_visibility="collapsed")
    if not shown:
        st.caption(tr("filter_none"))
    nav = st.container(horizontal=True)
    nav.button(tr("prev"), key="label_prev", shortcut="Left", on_click=_step, args=(-1, len(photos), shown))
    nav.button(tr("next"), key="label_next", shortcut="Right", on_click=_step, args=(1, len(photos), shown))
    # Ctrl+Enter, not Enter: Enter on any focused button (or link) of the page accepted the photo as well. Streamlit
    # takes Ctrl for ⌘ on a Mac (and shows the Mac's key on the button)
    nav.button(tr("accept"), key="label_accept", shortcut="Ctrl+Enter", type="primary",
               help=tr("shortcut", keys="Ctrl+Enter / ⌘+Enter"), on_click=_accept, args=(root, photos, index))
    if photo in done:
        nav.button(tr("reopen"), key="label_reopen", on_click=_reopen, args=(root, photo))
    which = st.session_state.get(FILTER_KEY) or "all"
    no_further = st.session_state.pop(NO_FURTHER_KEY, None)
    if no_further:
        st.info(tr(f"no_{'next' if no_further > 0 else 'prev'}_{which}"))
    where = (tr(f"photo_at_{which}", i=shown.index(index) + 1, n=len(shown)) if index in shown
             else tr("photo_outside", i=index + 1, n=len(photos)))  # e.g. every photo to do is done
    named = photo_names(photos)  # with the split where two photos share a name
    PHOTO_OF_FILE.clear()
    FILE_NAME_OF.clear()
    if not local:  # a phone is told a problem's photo by its name (``issue_text``)
        for p in photos:
            label = relpath(root, label_path_for(root / p))
            PHOTO_OF_FILE.setdefault(label, named[p])
            FILE_NAME_OF.setdefault(label, Path(p).name)
            PHOTO_OF_FILE[p], FILE_NAME_OF[p] = named[p], Path(p).name
    st.caption(f"{where}: `{named[photo]}`" + (" ✓" if photo in done else ""), help=photo)
    with st.popover(tr("jump")):
        st.selectbox(tr("photo"), [photos[i] for i in shown] or photos, index=None, key="label_jump",
                     on_change=_jump, args=(photos,),
                     placeholder=tr("jump"),
                     format_func={p: f"{'✓ ' if p in done else ''}{i}. {named[p]}"
                                  for i, p in enumerate(photos, start=1)}.__getitem__)

    boxes, problems = editing.load_boxes(root, photo, names)
    left, right = st.columns([3, 2])
    style(_label_css(), REFOCUS_JS)  # and the focus kept off the page body (REFOCUS_JS)
    with left:
        with st.container(key="label_hint_mouse"):
            st.caption(tr("draw_hint"))
        with st.container(key="label_hint_touch"):
            st.caption(tr("draw_hint_touch"))
        try:
            edits = box_editor(root / photo, photo, [b.xyxyn for b in boxes], [b.kind for b in boxes],
                               [_name(game, b.kind) for b in boxes], st.session_state.get(SEL_KEY),
                               key=EDITOR_KEY, nudge=NUDGE, min_side=editing.MIN_SIDE)
        except PhotoError as exc:
            st.error(tr("bad_photo", err=error_text(exc)))
            edits = []
            unshown = True
        else:
            unshown = False
    applied = False
    for edit in unapplied(EDITOR_KEY, edits):
        _apply_edit(root, photos, photo, names, edit)
        applied = True
    if applied:
        st.rerun()
    if st.session_state.pop(UNDO_ASKED, False):
        _undo(root, photos, names)
        st.rerun()
    with right:
        st.caption(tr("boxes", n=len(boxes)))
        last = _undoable(root)  # here, not beside Accept: on a phone a slip onto it would undo work unasked
        st.button(tr("undo"), key="label_undo", on_click=_ask_undo, disabled=last is None,
                  help=tr("undo_help", photo=as_code(short_name(last.photo))) if last else tr("undo_none"))
        _copy_question(root, photos, index, names, boxes)
        _remove_photo_question(root, config, photo, named[photo], photos)
        if problems:
            st.warning(tr("bad_lines" if local else "bad_lines_away") + "\n\n" + "\n\n".join(f"- {issue_text(p, root, config)}" for p in problems))
        said_here = {(p.kind, p.line, p.message) for p in problems}
        more = [i for i in flagged.get(photo, []) if (i.kind, i.line, i.message) not in said_here
                and not (unshown and i.kind == IssueKind.UNREADABLE_IMAGE)]  # said beside it, "cannot be shown"
        if more:
            st.warning(tr("photo_issues") + "\n\n" + "\n\n".join(f"- {issue_text(i, root, config)}" for i in more))
        # the table in use's tiles the dataset does not name yet offered too (``whole``), after its own kinds
        _box_panel(root, photo, names, boxes, game, table,
                   whole=game is not None and settings.game_id_of(config.game) == game.id and not config.tileset,
                   absent=config.absent)
        _add_kind_panel(root, table)
    _dataset_panel(report, game, config, root)
    _add_panel(root, config)
    _redo_panel(root, config, len(photos) - finished, finished, [p for p in photos if p not in done])
    _audit_panel(root, config, game, photos, names)
    teach_panel(root, config, game, finished, len(photos), photos, listing)
    _manage_panel(root, config, len(photos))


main()
