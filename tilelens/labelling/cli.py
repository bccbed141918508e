"""``tilelens label``: pre-label a folder of photos, check it, and move it to and from COCO and
Label Studio.

    tilelens label init DIR --game GAME | --tileset NAME   (a photo it cannot read is left where it lay; a DIR
                                                          with no photos yet is made a dataset to put them in)
    tilelens label check DIR [--game GAME]        (exit 1 when it finds errors, 0 for warnings only, 2 bad input)
    tilelens label audit DIR --game GAME | --tileset NAME [--pictures OUT]
    tilelens label audit DIR --cross K [--game GAME]   (models that never learned these labels)
    tilelens label stats DIR
    tilelens label kinds DIR [--add KIND ... [--name NAME ...]] [--absent KIND ...] [--present KIND ...]
    tilelens label accept DIR PHOTO ... | --all [--undo]   (as the Label page's "Accept": the photos checked)
    tilelens label teach DIR --name NAME [--base GAME|SET] [--minutes M]   (the accepted photos only)
    tilelens label export DIR --to coco|labelstudio OUT [--force]
    tilelens label import FILE --from coco|labelstudio DIR [--images FOLDER]
    tilelens label import DOWNLOAD --from coco DIR   (a Roboflow COCO download: train/, valid/, test/ in one go)

A game named by its id is its house table edited in the app where there is one (``tilelens.cli.HOUSE_COMMANDS``),
as the Label page and the photo page's "Keep this photo" take its tiles: said once on stderr; ``--shipped-rules``
for the box's table. ``teach`` and ``audit --cross`` enrol with the box's table, as ``tilelens enroll`` does.
"""
from __future__ import annotations

import argparse
import json
import os
import posixpath
import shlex
import sys
from dataclasses import asdict
from pathlib import Path

from scorer.cli import HelpFormatter, UsageLinesParser  # lines break at spaces only: an option name is never split
from scorer.cli import _JSON_HELP_JA, add_shipped_rules, say_help_in_japanese
from scorer.result import cli_lang, game_name_ja, printable, quoted_ja
from tilelens.files import refuse_loop
from tilelens.labelling.model import Issue, IssueKind, LabelFileError
from tilelens.labelling.replaced import forgotten_words
from tilelens.labelling.teach import TEACH_BASE, dataset_base, teach_base  # the --base init's advice names
from vision.cli_args import named_path, open_probability, positive_float, positive_int, probability, tileset_name

DATASET, FOLDER = named_path("dataset"), named_path("folder")  # a path given empty is refused: "" is the current folder

# What `tilelens label` says to a person, in each language (``cli_lang``: ``TILELENS_LANG=ja`` or a Japanese locale),
# each message written once and filled in by ``_said``; the errors (``_refused``) carry both. Options, commands,
# paths and tile kinds are said as they are typed. ``--json``, the files written and ``--help`` are the same in both.
_FORGOTTEN = forgotten_words(("on the Label page", "ラベル付けのページで"))  # label init's words of replaced photos

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "init_needs": "name the --game (or an enrolled --tileset) the photos show{named}",
        "init_named": " ({yaml} names {option})",
        "interrupted": "tilelens label init: interrupted {stopped}{again}",
        "stopped_done": "with {done} of {todo} photo{s} pre-labelled: their labels are kept",
        "stopped_none": "before any photo was pre-labelled",
        "again_overwrite": "; run without --overwrite, init pre-labels only the photos without labels (with it, every "
                           "photo not accepted again)",
        "again_done": ", and the same command goes on where it stopped",
        "again_none": ": the same command goes on where it stopped",
        "skipped": "skipped {photo}: {why}",
        **{key: en for key, (en, _) in _FORGOTTEN.items()},  # photos replaced under their names, dealt with
        "zipped_one": "{files}: a compressed file, left as it is (the photos in it are not pre-labelled): unzip it "
                      "into {dir}, then run `{init}` again",
        "zipped_many": "{n} compressed files, left as they are (the photos in them are not pre-labelled): {files}: "
                       "unzip them into {dir}, then run `{init}` again",
        "dropped": "proposals dropped, not tiles of {what}: {kinds}",
        "other_game": "these photos' tiles do not look like {what}'s: {photos}; is --game right? (their labels name "
                      "{what}'s tiles: photos of another game are pre-labelled in a folder of their own with its "
                      "--game); or they show a tile set the recognizer has not learnt yet: label a few photos and "
                      "teach it (`tilelens label teach {dir} --name NAME --base {base}`), then pre-label the rest "
                      "with --tileset NAME",
        "kept_one": "{n} photo accepted (on the Label page or with `tilelens label accept`) kept its labels (a person "
                    "checked them): un-accept a photo (there, or `tilelens label accept --undo`) to pre-label it again",
        "kept_many": "{n} photos accepted (on the Label page or with `tilelens label accept`) kept their labels (a "
                     "person checked them): un-accept a photo (there, or `tilelens label accept --undo`) to pre-label "
                     "it again",
        "init_done": "{photos} photo{ps}: {labelled} pre-labelled ({tiles} tile{ts}), {kept} kept their labels, "
                     "{skipped} skipped; data.yaml written in {dir}",
        "again_with": "pre-labelled again with tile set {name}: {n} photo{s} not accepted whose boxes were still "
                      "another model's proposals (accepted photos keep their labels)",
        "kept_changed": "{n} photo{s} not accepted kept {their} labels, changed since {were} pre-labelled (fixed by "
                        "hand, or pre-labelled before tilelens kept a record of it): {photos}; `{command}` pre-labels "
                        "{them} again too (replacing those boxes)",
        "init_next": "next: check the proposed boxes and tiles and accept each photo on the app's Label page "
                     "(`tilelens app`), then `tilelens label teach {dir} --name NAME --base {base}` (or Teach there)",
        "init_next_again": "next: check the proposed boxes and tiles and accept each photo on the app's Label page "
                           "(`tilelens app`), then teach the set again with them: `{command}` (or Teach there)",
        "accept_next": "next: check and accept the other photos (the app's Label page, or `tilelens label accept {dir} "
                       "PHOTO ...`), then {teach} (or Teach there)",
        "accept_next_all": "next: {teach} (or Teach on the app's Label page)",
        "teach_new": "`tilelens label teach {dir} --name NAME --base {base}`",
        "teach_again": "`{command}`",
        "import_next": "next: check the boxes and tiles and accept each photo on the app's Label page (`tilelens app`) "
                       "or with `tilelens label accept {dir} PHOTO ...` (--all for every one), then {teach}",
        "teach_next": "next: pre-label the {n} photo{s} not accepted, and new photos put in {dir}, with it: "
                      "`tilelens label init {dir} --tileset {name}` (accepted photos keep their labels, and so do "
                      "photos fixed by hand: it names them)",
        "teach_next_new": "next: pre-label new photos put in {dir} with it: `tilelens label init {dir} --tileset {name}`",
        "teach_warnings": "as said before teaching:",
        "init_empty": "data.yaml written in {dir}, with no photos yet (none in {dir} nor {dir}/images): put them in "
                      "{dir} ({suffixes}) and run `{init}` again",
        "taught": "pre-labelled with tile set {name}, taught for {game}{others}",
        "taught_others": " (of the {n} taught for it: {names}; the one that knows the most of its kinds, the newest of "
                         "those, unless an older one did clearly better on the same photos kept out; --tileset NAME "
                         "pre-labels with another)",
        "no_reader": "no model reads the tiles of {game} yet (no shipped classifier names them and no tile set was "
                     "taught for it): its photos are filed without proposals. Draw their boxes on the app's Label "
                     "page (`tilelens app`) and accept each photo, then teach them: `tilelens label teach {dir} --name "
                     "NAME --base GAME` (GAME: a shipped game whose tiles look like these, e.g. nogizaka); --game "
                     "{game} then reads with that set",
        "audit_needs": "name the --game (or an enrolled --tileset) whose recognizer audits the labels, or audit with "
                       "--cross K{named}",
        "cross_tileset": "--cross enrols its own tile sets: give --game (a base) or nothing, not --tileset",
        "cross_reader": "{k} tile sets, each enrolled without the part it audits",
        "pictures": "{n} picture{s} in {folder}",
        "audit_issues": "{n} problem{s} in the folder's files (see `tilelens label check {dir}`)",
        "folders_and": "{first} and {last}", "folders_or": "{first} or {last}", "list": ", ", "more": ", ...",
        "here": "the current folder (.)",
        "pictures_inside": "{folder}: the pictures would lie among the dataset's own photos and labels: name a folder "
                           "outside {root}, or a new one in it (not in {folders})",
        "pictures_file": "{folder} is a file: name a folder for the pictures",
        "pictures_unwritable": "cannot write pictures to {folder}: {why}", "no_permission": "Permission denied",
        "export_folder": "{out} is a folder: name the file to write (e.g. {example})",
        "export_stdout": "- is standard output, and an export is written to a file: name the file to write (e.g. "
                         "{example})",
        "export_exists": "{out} exists already: nothing was written (--force writes over it)",
        "export_xml": "{out}: the tasks are JSON (the labelling interface is written beside them as .xml): name a "
                      ".json file",
        "export_xml_folder": "{xml} is a folder: the labelling interface is written there, beside the tasks ({out}); "
                             "nothing was written: move the folder, or name another file for the tasks",
        "export_over": "{out}: that would write over the dataset's own {own}: name a file outside {dir}/data.yaml and "
                       "{folders}",
        "export_left_out": "{n} problems left out of the export (see `tilelens label check {dir}`)",
        "export_left_out_one": "1 problem left out of the export (see `tilelens label check {dir}`)",
        "wrote": "wrote {files}", "wrote_tasks": "{path} (the tasks)",
        "wrote_interface": "{path} (the labelling interface: paste it in the project's Settings, Labeling Interface, "
                           "Code)",
        "import_folder": "{file} is a folder: name the {fmt} JSON file to import{laid_out}",
        "import_laid_out": " (or a download's folder holding train/, valid/, test/ with one each)",
        "import_yolo": "{file} is a YOLO export (classes.txt, labels/), not a file to import: export 'JSON' (Label "
                       "Studio) or 'COCO' from the other tool instead and import that file (--from labelstudio or "
                       "--from coco)",
        "import_yolo_dataset": "{file} is a YOLO dataset already (data.yaml, labels/), not a file to import: open it as "
                               "it is (`tilelens label check {file}`), or export it (`tilelens label export {file} "
                               "--to coco FILE`) and import that file",
        "export_next": "next: once it is labelled there, import it back: `{command}`{where}",
        "export_next_ls": " (the file: Label Studio's 'JSON' export of the project)",
        "export_next_coco": " (the file: this one once edited, or the tool's COCO export)",
        "imported_already": "{error} (imported already: {done})",
        "lost_one": "{n} photo not found (looked in {looked}): give --images FOLDER, the folder that holds it",
        "lost_many": "{n} photos not found (looked in {looked}): give --images FOLDER, the folder that holds them",
        "imported_file": "{file}: {labelled} photo{s} labelled ({copied} copied in, {skipped} skipped{labels})",
        "imported": "{labelled} photo{s} labelled in {dir} ({copied} copied in, {skipped} skipped{labels})",
        "labels_replaced": "; labels replaced: {replaced}, unchanged: {unchanged}",
        "left_alone": "{n} photo{s} of the file had no boxes to use (not labelled yet there), left as {they} {were} "
                      "here{why}",
        "labels_unchanged": "; labels unchanged: {unchanged}",
        "accepted_of": "accepted: {n} of {total}",
        "cancelled_one": "1 photo cancelled in Label Studio: no longer accepted ({photos})",
        "cancelled_many": "{n} photos cancelled in Label Studio: no longer accepted ({photos})",
        "imported_accepted": "; accepted: {n} of {total}",
        "accept_done": "{changed} marked accepted in {dir}; accepted: {n} of {total}",
        "accept_undone": "{changed} no longer accepted in {dir}; accepted: {n} of {total}",
        "accept_photos": "{n} photo{s}",
        "accept_already": "{what} already accepted in {dir}; accepted: {n} of {total}",
        "accept_already_not": "{what} not accepted in {dir}: nothing to undo; accepted: {n} of {total}",
        "accept_done_some": "{changed} marked accepted in {dir} ({already} already {were}); accepted: {n} of {total}",
        "accept_undone_some": "{changed} no longer accepted in {dir} ({already} {were} not); accepted: {n} of {total}",
        "already_one": "the photo is", "already_many": "the {n} photos are",
        "accept_bare": "not pre-labelled yet: {photos}: run `tilelens label init {dir}` (or label {them} on the "
                       "Label tiles page) first",
        "accept_bare_all": "{n} photo{s} not pre-labelled yet, left as {they} {were} ({photos}): run `tilelens label "
                           "init {dir}` (or label {them} on the Label tiles page) first",
        "accept_broken": "cannot accept {photos}: fix {it} first (`tilelens label check {dir}` lists every problem)",
        "accept_broken_all": "{n} photo{s} left as {they} {were}, {they} cannot be read or {their} labels cannot be "
                             "accepted as they are: {photos} (`tilelens label check {dir}` lists every problem; fix "
                             "{them}, then accept {them})",
        "broken_more": " (and {n} more problem{s})", "broken_list": "; ",
        "accept_none": "no photo marked accepted in {dir}; accepted: {n} of {total}",
        "accept_needs": "name the photos to accept (their paths in the folder, or file names), or give --all",
        "accept_both": "give either photos or --all, not both",
        "accept_unknown": "not a photo of {dir}: {photos} (name each by its path in the folder, e.g. {example}, or "
                          "its file name)",
        "accept_twice": "{name} names more than one photo of {dir} ({paths}): give its path in the folder",
        "teaching": "teaching {name!r} the tiles of {photos} of {dir}{held}", "held": " ({held})",
        "absent_used": "not said absent: {kinds} is on {n} accepted photo{s} ({files}{more}): fix those boxes on the "
                       "Label page first, or mark {them} as to do (`{command}`), or keep the kind in the set",
        "absent_made": "boxes changed on {n} photo{s} not accepted ({photos}{more}): {changes}",
        "absent_to": "{n} {kind} made {plain}", "absent_gone": "{n} {kind} removed",
        "no_action": "say what to do first: {actions}, then the folder and its options (e.g. `{example}`)",
        "action_after": "the subcommand comes first, its options after it: `{command}`",
        "actions_or": "{first} or {last}",
        "kinds_own": "kinds added to the game's: {kinds}", "kinds_absent": "kinds not in this set: {kinds}",
        "kinds_none": "none", "kinds_added": "added to {yaml}: {kinds} (label boxes with them on the Label page)",
        "kinds_names": "--name gives each kind of --add its name, in order, one name per kind: {n} kind{s} to add "
                       "({kinds}) but {m} name{ms} ({names}); give {n} name{s}, or no --name (each kind is then shown "
                       "by its id)",
        "kinds_names_alone": "--name names the kinds of --add: give --add KIND ... with it",
    },
    "ja": {
        "init_needs": "写真に写っている牌のゲームを --game で (または登録した牌セットを --tileset で) 指定してください{named}",
        "init_named": " ({yaml} には {option} とあります)",
        "interrupted": "tilelens label init: {stopped}{again}",
        "stopped_done": "{todo}枚のうち{done}枚を下書きしたところで中断しました (その枚のラベルは残っています)",
        "stopped_none": "写真を1枚も下書きしないうちに中断しました",
        "again_overwrite": "。--overwrite を付けずに実行すると、ラベルのない写真だけを下書きします (付けると、OK にしていない"
                           "写真をすべてもう一度)",
        "again_done": "。同じコマンドで、止まったところから続けます",
        "again_none": "。同じコマンドで、止まったところから続けます",
        "skipped": "飛ばした写真: {photo}: {why}",
        **{key: ja for key, (_, ja) in _FORGOTTEN.items()},
        "zipped_one": "{files} は圧縮ファイルなので、そのままにしました (中の写真は下書きしていません): {dir} に展開して"
                      "から、もう一度 `{init}` を実行してください",
        "zipped_many": "圧縮ファイル {n}個はそのままにしました (中の写真は下書きしていません): {files}: {dir} に展開して"
                       "から、もう一度 `{init}` を実行してください",
        "dropped": "{what} の牌ではない提案は捨てました: {kinds}",
        "other_game": "次の写真の牌は{what}の牌に見えません: {photos}。--game は合っていますか? (ラベルは{what}の牌の"
                      "名前です: 別のゲームの写真は、専用のフォルダでそのゲームの --game を付けて下書きしてください) "
                      "または、認識器がまだ覚えていない牌セットの写真です: 数枚にラベルを付けて覚えさせ (`tilelens label "
                      "teach {dir} --name NAME --base {base}`)、残りは --tileset NAME を付けて下書きしてください",
        "kept_one": "OK にした写真 {n}枚 (ラベル付けのページか `tilelens label accept` で) は、人が確かめたラベルのままです: "
                    "もう一度下書きするには、OK を取り消してください (そのページか `tilelens label accept --undo` で)",
        "kept_many": "OK にした写真 {n}枚 (ラベル付けのページか `tilelens label accept` で) は、人が確かめたラベルのままです: "
                     "もう一度下書きするには、OK を取り消してください (そのページか `tilelens label accept --undo` で)",
        "init_done": "写真 {photos}枚: {labelled}枚を下書き (牌 {tiles}枚)、{kept}枚はラベルそのまま、{skipped}枚は"
                     "飛ばしました。{dir} に data.yaml を書きました",
        "again_with": "牌セット {name} で下書きし直しました: OK にしていない写真のうち、枠がまだ別のモデルの下書きだった "
                      "{n}枚 (OK にした写真のラベルはそのままです)",
        "kept_changed": "OK にしていない写真 {n}枚は、下書きの後で変わっていたのでラベルをそのままにしました (手で直した"
                        "か、tilelens が下書きを記録する前に下書きしたもの): {photos}。`{command}` で、それも下書きし直します"
                        " (その枠は置き換わります)",
        "init_next": "次に: アプリのラベル付けのページ (`tilelens app`) で提案された枠と牌を確かめて写真ごとに OK にし、それから "
                     "`tilelens label teach {dir} --name NAME --base {base}` を実行してください (またはそのページで覚えさせる)",
        "init_next_again": "次に: アプリのラベル付けのページ (`tilelens app`) で提案された枠と牌を確かめて写真ごとに OK にし、"
                           "それで牌セットを覚えさせ直してください: `{command}` (またはそのページで覚えさせる)",
        "accept_next": "次に: ほかの写真も確かめて OK にし (アプリのラベル付けのページか `tilelens label accept {dir} "
                       "PHOTO ...`)、それから {teach} を実行してください (またはそのページで覚えさせる)",
        "accept_next_all": "次に: {teach} を実行してください (またはアプリのラベル付けのページで覚えさせる)",
        "teach_new": "`tilelens label teach {dir} --name NAME --base {base}`",
        "teach_again": "`{command}`",
        "import_next": "次に: アプリのラベル付けのページ (`tilelens app`) か `tilelens label accept {dir} PHOTO ...` (すべて"
                       "なら --all) で枠と牌を確かめて写真ごとに OK にし、それから {teach} を実行してください",
        "teach_next": "次に: OK にしていない写真 {n}枚と {dir} に新しく入れた写真を、この牌セットで下書きしてください: "
                      "`tilelens label init {dir} --tileset {name}` (OK にした写真と手で直した写真のラベルはそのままです。"
                      "手で直した写真は init が名前を挙げます)",
        "teach_next_new": "次に: {dir} に新しく入れた写真は、この牌セットで下書きしてください: `tilelens label init {dir} "
                          "--tileset {name}`",
        "teach_warnings": "覚えさせる前に伝えた注意:",
        "init_empty": "{dir} に data.yaml を書きました。写真はまだありません ({dir} にも {dir}/images にもありません): 写真 "
                      "({suffixes}) を {dir} に入れてから、もう一度 `{init}` を実行してください",
        "taught": "{game} のために覚えさせた牌セット {name} で下書きしました{others}",
        "taught_others": " (覚えさせた {n}セット: {names}。牌の種類を一番多く知っているセットで、その中で一番新しいもの"
                         "です。ただし測るために残した同じ写真で古いセットの方が明らかに良かったときはそちら。別のセットで"
                         "下書きするには --tileset NAME を付けます)",
        "no_reader": "{game} の牌を読めるモデルはまだありません (どの分類モデルの牌でもなく、覚えさせた牌セットもありません): "
                     "写真は下書きなしで整理しました。アプリのラベル付けのページ (`tilelens app`) で枠を描いて写真ごとに OK "
                     "にし、それから `tilelens label teach {dir} --name NAME --base GAME` で覚えさせてください (GAME: 牌の"
                     "似ている同梱のゲーム、例えば nogizaka)。その後は --game {game} でその牌セットで読みます",
        "audit_needs": "ラベルを見直すモデルを --game で (または登録した牌セットを --tileset で) 指定するか、--cross K で"
                       "見直してください{named}",
        "cross_tileset": "--cross は自分で牌セットを登録します: --game (元にするモデル) を付けるか何も付けず、--tileset は付けないで"
                         "ください",
        "cross_reader": "{k}個の牌セット (それぞれ見直す部分を除いて登録)",
        "pictures": "{folder} に画像 {n}枚",
        "audit_issues": "フォルダのファイルに問題が {n}件あります (`tilelens label check {dir}` を見てください)",
        "folders_and": "{first}、{last}", "folders_or": "{first}、{last}", "list": "、", "more": "、…",
        "here": "今いるフォルダ (.)",
        "pictures_inside": "{folder}: 画像がデータセットの写真やラベルに混ざってしまいます: {root} の外のフォルダか、"
                           "その中の新しいフォルダを指定してください ({folders} 以外)",
        "pictures_file": "{folder} はファイルです: 画像を書くフォルダを指定してください",
        "pictures_unwritable": "{folder} に画像を書けません: {why}", "no_permission": "書き込む権限がありません",
        "export_folder": "{out} はフォルダです: 書き出すファイルを指定してください (例: {example})",
        "export_stdout": "- は標準出力です。書き出しはファイルに書きます: 書き出すファイルを指定してください (例: {example})",
        "export_exists": "{out} はもうあります。何も書き出していません (上書きするには --force を付けてください)",
        "export_xml": "{out}: タスクは JSON です (ラベル付けの画面はその横に .xml で書きます): .json のファイルを"
                      "指定してください",
        "export_xml_folder": "{xml} はフォルダです: ラベル付けの画面はタスク ({out}) の横のここに書きます。何も書いて"
                             "いません: フォルダを移すか、タスクに別のファイル名を指定してください",
        "export_over": "{out}: データセット自身の {own} を上書きしてしまいます: {dir}/data.yaml と {folders} の外の"
                       "ファイルを指定してください",
        "export_left_out": "問題 {n}件は書き出しませんでした (`tilelens label check {dir}` を見てください)",
        "export_left_out_one": "問題 1件は書き出しませんでした (`tilelens label check {dir}` を見てください)",
        "wrote": "書き出しました: {files}", "wrote_tasks": "{path} (タスク)",
        "wrote_interface": "{path} (ラベル付けの画面: プロジェクトの Settings、Labeling Interface、Code に貼り付けて"
                           "ください)",
        "import_folder": "{file} はフォルダです: 読み込む {fmt} の JSON ファイルを指定してください{laid_out}",
        "import_laid_out": " (またはダウンロードしたフォルダ: train/、valid/、test/ にそれぞれ1つ)",
        "import_yolo": "{file} は YOLO の書き出し (classes.txt、labels/) で、読み込むファイルではありません: 代わりに"
                       "ほかのツールから「JSON」(Label Studio) か「COCO」で書き出して、そのファイルを読み込んでください "
                       "(--from labelstudio か --from coco)",
        "import_yolo_dataset": "{file} はもう YOLO のデータセット (data.yaml、labels/) で、読み込むファイルではありません: "
                               "そのまま開く (`tilelens label check {file}`) か、書き出して (`tilelens label export "
                               "{file} --to coco FILE`) そのファイルを読み込んでください",
        "export_next": "次に: そこでラベルを付けたら、読み込んで戻してください: `{command}`{where}",
        "export_next_ls": " (ファイル: プロジェクトを Label Studio の「JSON」で書き出したもの)",
        "export_next_coco": " (ファイル: 直したこのファイルか、ツールの COCO の書き出し)",
        "imported_already": "{error} (読み込み済み: {done})",
        "lost_one": "写真 {n}枚が見つかりません ({looked} を探しました): --images FOLDER で写真のあるフォルダを"
                    "指定してください",
        "lost_many": "写真 {n}枚が見つかりません ({looked} を探しました): --images FOLDER で写真のあるフォルダを"
                     "指定してください",
        "imported_file": "{file}: 写真 {labelled}枚にラベル (コピー {copied}枚、飛ばした写真 {skipped}枚{labels})",
        "imported": "{dir} の写真 {labelled}枚にラベルを付けました (コピー {copied}枚、飛ばした写真 {skipped}枚{labels})",
        "labels_replaced": "。ラベルを置き換えた写真 {replaced}枚、変わらない写真 {unchanged}枚",
        "left_alone": "ファイルでは写真 {n}枚に使える枠がなく (そこではまだラベルなし)、ここではそのままにしました{why}",
        "labels_unchanged": "。ラベルが変わらない写真 {unchanged}枚",
        "accepted_of": "OK にした写真: {total}枚のうち{n}枚",
        "cancelled_one": "Label Studio でキャンセルされた写真 1枚の OK を取り消しました ({photos})",
        "cancelled_many": "Label Studio でキャンセルされた写真 {n}枚の OK を取り消しました ({photos})",
        "imported_accepted": "。OK にした写真: {total}枚のうち{n}枚",
        "accept_done": "{dir} の{changed}を OK にしました。OK にした写真: {total}枚のうち{n}枚",
        "accept_undone": "{dir} の{changed}の OK を取り消しました。OK にした写真: {total}枚のうち{n}枚",
        "accept_photos": "写真 {n}枚",
        "accept_already": "{dir} の{what}は OK 済みです。OK にした写真: {total}枚のうち{n}枚",
        "accept_already_not": "{dir} の{what}は OK にしていません (取り消すものはありません)。OK にした写真: {total}枚のうち"
                              "{n}枚",
        "accept_done_some": "{dir} の{changed}を OK にしました ({already}枚は OK 済み)。OK にした写真: {total}枚のうち{n}枚",
        "accept_undone_some": "{dir} の{changed}の OK を取り消しました ({already}枚はもともと OK にしていません)。OK にした"
                              "写真: {total}枚のうち{n}枚",
        "already_one": "写真", "already_many": "写真 {n}枚",
        "accept_bare": "まだ下書きしていない写真です: {photos}: 先に `tilelens label init {dir}` を実行してください (または"
                       "アプリの「ラベル付け」のページでラベルを付けてください)",
        "accept_bare_all": "まだ下書きしていない写真 {n}枚はそのままにしました ({photos}): 先に `tilelens label init {dir}` "
                           "を実行してください (またはアプリの「ラベル付け」のページでラベルを付けてください)",
        "accept_broken": "OK にできません: {photos}: 先に直してください (`tilelens label check {dir}` で問題がすべて"
                         "分かります)",
        "accept_broken_all": "写真が読めないか、ラベルをそのまま OK にできない写真 {n}枚はそのままにしました: {photos} "
                             "(`tilelens label check {dir}` で問題がすべて分かります。直してから OK にしてください)",
        "broken_more": " (ほか {n}件)", "broken_list": " / ",
        "accept_none": "{dir} で OK にした写真はありません。OK にした写真: {total}枚のうち{n}枚",
        "accept_needs": "OK にする写真 (フォルダの中のパスかファイル名) を指定するか、--all を付けてください",
        "accept_both": "写真か --all のどちらか一方を指定してください",
        "accept_unknown": "{dir} の写真ではありません: {photos} (フォルダの中のパス (例: {example}) かファイル名で"
                          "指定してください)",
        "accept_twice": "{name} に当たる写真が {dir} に複数あります ({paths}): フォルダの中のパスで指定してください",
        "teaching": "{dir} の {photos}の牌を{name_ja}に覚えさせます{held}", "held": " ({held})",
        "absent_used": "セットにない種類にはしません: {kinds} は OK にした写真 {n}枚 ({files}{more}) の枠にあります。"
                       "先にラベル付けのページでその枠を直すか、その写真を未完了に戻す (`{command}`) か、セットにある種類の"
                       "ままにしてください",
        "absent_made": "OK にしていない写真 {n}枚の枠を直しました ({photos}{more}): {changes}",
        "absent_to": "{kind} {n}個を{plain}に", "absent_gone": "{kind} {n}個を削除",
        "no_action": "何をするかを最初に指定してください: {actions} のどれかの後に、フォルダとオプションです (例: "
                     "`{example}`)",
        "action_after": "サブコマンドを先に、そのオプションは後に書いてください: `{command}`",
        "actions_or": "{first}、{last}",
        "kinds_own": "ゲームの牌に追加した種類: {kinds}", "kinds_absent": "このセットにない種類: {kinds}",
        "kinds_none": "なし", "kinds_added": "{yaml} に追加しました: {kinds} (ラベル付けのページで枠に付けられます)",
        "kinds_names": "--name は --add の種類に順に1つずつ名前を付けます: 追加する種類は {n}個 ({kinds}) ですが、"
                       "名前は {m}個 ({names}) です。名前を {n}個指定するか、--name を外してください (種類は ID で"
                       "表示されます)",
        "kinds_names_alone": "--name は --add の種類の名前です: --add KIND ... と一緒に指定してください",
    },
}


PREFIX = "tilelens label: "  # a line on stderr said of a command's work, as its errors are (``tilelens.cli``)


def _said(lang: str, key: str, **values) -> str:
    """``WORDS[lang][key]`` filled in; a value that is a function of the language (a part said in it) is asked."""
    return WORDS[lang][key].format(**{k: v(lang) if callable(v) else v for k, v in values.items()})


def _listed(items, more: bool = False, here: bool = False):
    """``items`` as a list said in each language (``WORDS[lang]["list"]``: English's commas, Japanese's 、), with "..."
    where ``more`` were left out; ``here``: a path that is the current folder (``.``) said as that, not as a dot. A
    function of the language, as ``_said`` and ``_refused`` take a value said in it.

    >>> said = _listed(["a.jpg", "b.jpg"], more=True)
    >>> said("en"), said("ja"), _listed([Path("x"), Path(".")], here=True)("ja")
    ('a.jpg, b.jpg, ...', 'a.jpg、b.jpg、…', 'x、今いるフォルダ (.)')
    """
    items = [str(item) for item in items]

    def said(lang: str) -> str:
        shown = [WORDS[lang]["here"] if here and item == "." else item for item in items]
        return WORDS[lang]["list"].join(shown) + (WORDS[lang]["more"] if more else "")
    return said


def plural(n: int) -> str:
    """The English plural ending of a count: "" for 1 ("1 photo"), "s" else ("0 photos", "2 photos"); the Japanese
    words count with 枚 or 件 either way and take no ending.

    >>> plural(1), plural(0), plural(2)
    ('', 's', 's')
    """
    return "" if n == 1 else "s"


def _refused(key: str, **values) -> LabelFileError:
    """The error ``WORDS[...][key]`` says, in English and Japanese."""
    return LabelFileError(_said("en", key, **values), _said("ja", key, **values))


class _SubcommandParser(UsageLinesParser):
    """A subcommand's parser that reports an option it does not know itself, with its own usage: argparse
    hands a subparser's extras up to ``tilelens label``, whose error showed the usage of `tilelens label`
    for `label init --bogus`. Its usage lines, then the error line in the language chosen (``UsageLinesParser``)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)
        # the router's option (``tilelens.cli.HOUSE_COMMANDS``): a game named by its id is its house table edited in
        # the app, as the Label page takes it, unless this asks for the box's; listed by each action, as by ledger's
        add_shipped_rules(self)

    intermixed = False  # options anywhere among its positionals (``accept DIR --undo PHOTO``)
    _parsing = False

    def parse_known_args(self, args=None, namespace=None):
        if self._parsing:  # parse_known_intermixed_args's own two passes: their extras are its business
            return super().parse_known_args(args, namespace)
        self._parsing, usage = self.intermixed, self.usage
        if self.intermixed and usage is None:  # argparse's intermixed parse keeps format_usage()[7:]: "usage: " cut,
            self.usage = self.format_usage().split(": ", 1)[1]  # not "使い方: " (a help said in Japanese)
        try:
            parsed, extras = (self.parse_known_intermixed_args(args, namespace) if self.intermixed
                              else super().parse_known_args(args, namespace))
        finally:
            self._parsing, self.usage = False, usage
        if extras:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed, extras


# What `label check` and `label stats` print with --json, and their exit statuses: their --help's last lines. One line
# each, so that a loop of runs appended to a file is JSON Lines (as `score`, `read`, `eval` ... print theirs).
_STATS_KEYS = ("`stats` (`photos_per_split`, `tiles_per_kind`, `photos_labelled`, `photos_unlabelled`, `same_as_train`, "
               "`absent`, `unseen_kinds`, `thin_kinds`) and `accepted` (`accepted`, `photos`: the photos accepted in "
               "the Label page; left out where that is not known)")
CHECK_EPILOG = {
    "check": ("--json: one JSON object on one line (UTF-8; the same keys, and the messages in English, whatever the "
              f"language): {_STATS_KEYS}, and `issues`, each with `kind` (the tag in brackets), `path`, `line` (null "
              "for none), `message` and `error` (true for an error, false for a warning). Messages about the run go "
              "to standard error.\n\n"
              "Exit status: 0 no errors (warnings only, or none), 1 errors found, 2 bad input (no such folder, no "
              "data.yaml or one that cannot be read, an unknown --game), 130 interrupted."),
    "stats": (f"--json: one JSON object on one line (UTF-8; the same keys whatever the language): {_STATS_KEYS}. "
              "Messages about the run go to standard error.\n\n"
              "Exit status: 0 counted (errors too: `label check` lists them), 2 bad input (no such folder, no "
              "data.yaml or one that cannot be read, an unknown --game), 130 interrupted."),
}
AUDIT_EPILOG = ("--json: one JSON object on one line (UTF-8; the same keys, and the texts in English, whatever the "
                "language): `photos`, `labels`, `not_audited_kinds`, `suspects` (each `what`: `wrong-kind` or "
                "`unlabelled`, `photo`, `xyxy` in the photo's pixels, `label` (null for a tile with none), `reads`, "
                "`prob`, `label_prob`, `box` and `text`, the line the command says) and "
                "`pictures` (the files --pictures wrote). Progress and messages go to standard error.\n\n"
                "Exit status: 0 audited (suspects or none: a list to look at), 2 bad input, 130 interrupted.")


# `tilelens label --help`'s last paragraph: what each exit status means, for every action (bad input and Ctrl-C: 2 and
# 130 from the router, ``tilelens.cli``); in Japanese in ``LABEL_EPILOG_JA``.
LABEL_EPILOG = ("Exit status: 0 done; 1 something to see to: `check` found errors, `accept --all` left photos out "
                "that cannot be accepted (each named), `init` or `import` skipped photos, `export` left photos or "
                "label files out (each named); 2 bad input (no such folder, an unknown --game, a bad option, nothing "
                "to export), said in one line on standard error; 130 interrupted (Ctrl-C).")


# Each action's dataset folder (DIR), by the action ("": the others'), and init's description; in Japanese in
# ``DIR_HELP_JA`` and ``INIT_DESCRIPTION_JA``.
DIR_HELP = {"": "the dataset folder (data.yaml, images/, labels/)",
            "init": "the folder of photos (loose photos are filed under images/, their labels under labels/)",
            "export": "the dataset folder to write out (data.yaml, images/, labels/)",
            "import": "the dataset folder to label (made where there is none)"}
INIT_DESCRIPTION = ("Pre-label a folder of photos with the recognizer: each photo it reads gets a label file of the "
                    "tiles it finds, proposals to check on the Label page (`tilelens app`) or with `tilelens label "
                    "check`.")


def _parser() -> argparse.ArgumentParser:
    what = __doc__.split("\n\n")[0].split(": ", 1)[1].replace("\n", " ")  # the docstring's first lines, no markup
    p = UsageLinesParser(prog="tilelens label", description=what, formatter_class=HelpFormatter, epilog=LABEL_EPILOG)
    add_shipped_rules(p)
    sub = p.add_subparsers(dest="action", required=True, parser_class=_SubcommandParser)
    init = sub.add_parser("init", help="pre-label a folder of photos with the recognizer", description=INIT_DESCRIPTION)
    init.add_argument("dir", type=DATASET, help=DIR_HELP["init"])
    init.add_argument("--game", help="the game whose tiles the photos show (class names = its tile ids)")
    init.add_argument("--tileset", type=tileset_name,
                      help="an enrolled tile set to recognise with (class names = its kinds); on a folder pre-labelled "
                           "before, it pre-labels again the photos still holding proposals (neither accepted nor "
                           "fixed by hand)")
    init.add_argument("--val-fraction", type=probability, default=0.0,
                      help="share of loose photos filed under images/val (default 0: `tilelens enroll` "
                           "learns from train only; use 0.2 for a detector set)")
    init.add_argument("--overwrite", action="store_true",
                      help="replace existing label files, hand-fixed ones too (not those of photos accepted in the "
                           "Label page)")
    for name, text in (("check", "list every problem and the counts"), ("stats", "counts only")):
        q = sub.add_parser(name, help=text, epilog=CHECK_EPILOG[name])
        q.add_argument("dir", type=DATASET, help=DIR_HELP[""])
        q.add_argument("--game", help="also check class names against this game's tiles")
        q.add_argument("--json", action="store_true", help="print one JSON object on one line (below)")
    acc = sub.add_parser("accept", help="mark photos accepted, as the Label page's \"Accept\" does: their boxes and "
                                        "tiles are checked (teaching learns the accepted photos only)")
    acc.intermixed = True  # `accept DIR --undo PHOTO ...`: a list of photos after an option
    acc.add_argument("dir", type=DATASET, help=DIR_HELP[""])
    acc.add_argument("photos", nargs="*", metavar="PHOTO", type=named_path("photo", str),
                     help="the photos: their paths in the folder (images/train/a.jpg), their file names, or paths "
                          "to them")
    acc.add_argument("--all", action="store_true", help="every photo of the folder")
    acc.add_argument("--undo", action="store_true", help="un-accept them instead (to check them again)")
    kinds = sub.add_parser("kinds", help="add tile kinds the game lacks (a set's flowers, promo tiles), or say "
                                         "kinds the set does not have (no more \"kinds never seen\" for them); "
                                         "with no option, list both")
    kinds.add_argument("dir", type=DATASET, help=DIR_HELP[""])
    kinds.add_argument("--add", nargs="+", metavar="KIND", default=[],
                       help="add these kinds (ASCII ids, like f1 f2), after the game's: class numbers of labels stay")
    kinds.add_argument("--name", nargs="+", metavar="NAME", default=[],
                       help="the names shown for the kinds of --add, one per kind, in order (default: their ids)")
    kinds.add_argument("--absent", nargs="+", metavar="KIND", default=[],
                       help="the set has no such tiles (e.g. 0m 0p 0s: no red fives); their boxes on photos not "
                            "accepted become the plain kind (0m: 5m) or are removed; refused while an accepted photo "
                            "has one")
    kinds.add_argument("--present", nargs="+", metavar="KIND", default=[],
                       help="kinds said absent that the set has after all")
    aud = sub.add_parser("audit", help="labels the recognizer disagrees with, and tiles nobody labelled, "
                                       "surest first (changes nothing)", epilog=AUDIT_EPILOG)
    aud.add_argument("dir", type=DATASET, help=DIR_HELP[""])
    aud.add_argument("--game", help="read with this game's classifier (class names = its tile ids)")
    aud.add_argument("--tileset", type=tileset_name, help="read with an enrolled tile set (class names = its kinds)")
    aud.add_argument("--min-prob", type=open_probability, default=0.8,
                     help="flag a label when another kind reads at least this probable (default 0.8)")
    aud.add_argument("--min-detection", type=open_probability, default=0.5,
                     help="flag an unlabelled tile found at least this surely (default 0.5)")
    aud.add_argument("--pictures", type=FOLDER, metavar="OUT",
                     help="also draw each photo with suspects into OUT, each suspect boxed and captioned")
    aud.add_argument("--cross", type=int, metavar="K",
                     help="audit with models that never learned these labels: enrol a tile set on all but "
                          "one of K parts of the photos, audit that part, K times (needs the training extra; "
                          "--game is then the base each starts from)")
    aud.add_argument("--minutes", type=positive_float, default=5.0, help="--cross: enrolment minutes per part (default 5)")
    aud.add_argument("--epochs", type=positive_int, help="--cross: an epoch count per part instead of minutes")
    aud.add_argument("--work", type=FOLDER, help="--cross: folder to keep the parts' tile sets in (default: none kept)")
    aud.add_argument("--json", action="store_true", help="print one JSON object on one line (below)")
    teach = sub.add_parser("teach", help="teach the recognizer the tiles of the photos accepted in the Label page "
                                         "(`tilelens enroll` on them; needs the training extra)")
    teach.add_argument("dir", type=DATASET, help=DIR_HELP[""])
    teach.add_argument("--name", required=True, help="the tile set to write (lower case, digits, - and _)")
    teach.add_argument("--base", help="start from a game's classifier or an enrolled tile set (default: none; with "
                                      "few photos start from the dataset's game, as the Label page's Teach does: "
                                      "`label init` says which)")
    teach.add_argument("--minutes", type=positive_float, default=5.0,
                       help="training time of the classifier (default 5); the orientation model then trains for its "
                            "own minutes (`tilelens enroll`'s --orient-minutes default), and cutting the tiles out of "
                            "the photos comes first")
    teach.add_argument("--epochs", type=positive_int, help="an epoch count instead of minutes")
    teach.add_argument("--replace", action="store_true",
                       help="write over the tile set --name if one is enrolled already; without it that is "
                            "refused, a set taught from this folder before too (the page's Teach replaces that "
                            "one unasked, and one taught from elsewhere only when \"Replace it\" is ticked)")
    exp = sub.add_parser("export", help="write the folder as COCO JSON, or as Label Studio tasks with the "
                                        "project's labelling interface beside them (OUT's name with .xml)")
    exp.add_argument("dir", type=DATASET, help=DIR_HELP["export"])
    exp.add_argument("--to", required=True, choices=["coco", "labelstudio"],
                     help="the form to write: coco (COCO JSON) or labelstudio (Label Studio tasks)")
    exp.add_argument("out", type=named_path("file"),
                     help="the JSON file to write; for Label Studio the labelling interface (one label per tile kind) "
                          "goes beside it, the same name with .xml (tasks.json: tasks.xml)")
    exp.add_argument("--image-prefix", default="/data/local-files/?d=",
                     help="Label Studio: put before each photo path to make its URL")
    exp.add_argument("--as-annotations", action="store_true",
                     help="Label Studio: every labelled photo as a finished annotation (by default the accepted ones "
                          "are annotations, the others predictions to review)")
    exp.add_argument("--force", action="store_true",
                     help="write over OUT (and for Label Studio its .xml) if there already; without it an existing "
                          "file is left as it is and nothing is written")
    exp.add_argument("--accepted-only", action="store_true",
                     help="write only the photos a person accepted (the Label page's OK, `tilelens label accept`); "
                          "by default the others are written too, marked as not checked (COCO: tilelens_accepted "
                          "false; Label Studio: predictions)")
    imp = sub.add_parser("import", help="label a folder from COCO JSON or a Label Studio export")
    imp.add_argument("file", type=named_path("path"),
                     help="the file to import; for COCO, or a download's folder holding train/, valid/ and test/ with "
                          "one file each (Roboflow's), every split at once; or the download's .zip as it arrived "
                          "(unzipped beside DIR, imported, removed)")
    imp.add_argument("--from", dest="fmt", required=True, choices=["coco", "labelstudio"],
                     help="the form of the file: coco (COCO JSON) or labelstudio (a Label Studio export)")
    imp.add_argument("dir", type=DATASET, help=DIR_HELP["import"])
    imp.add_argument("--images", type=FOLDER, help="folder where the photos are, if not beside FILE")
    imp.add_argument("--game", help="class names = this game's tile ids (new folder only)")
    imp.add_argument("--annotations-only", action="store_true",
                     help="Label Studio: skip tasks nobody annotated (else their predictions count)")
    imp.add_argument("--overwrite", action="store_true",
                     help="replace the labels of photos already labelled (as after editing an export in Label "
                          "Studio); without it such an import writes nothing and says which")
    imp.add_argument("--take-theirs", action="store_true",
                     help="a photo whose labels changed both here since the export and in the file: take the file's "
                          "boxes (without it such a photo is skipped, named; one changed here only keeps its labels)")
    if cli_lang() == "ja":
        say_help_in_japanese(p, ACTIONS_HELP_JA, "写真のフォルダを下書きし、チェックし、COCO や Label Studio との間で"
                                                 "書き出し・読み込みをします。", LABEL_EPILOG_JA)
        for name, action in sub.choices.items():
            say_help_in_japanese(action, {"dir": DIR_HELP_JA.get(name, DIR_HELP_JA[""]), **ACTION_HELP_JA[name]},
                                 INIT_DESCRIPTION_JA if name == "init" else None, EPILOG_JA.get(name))
    return p


# The help said in Japanese (``scorer.cli.say_help_in_japanese``), in the Label page's words (下書き, OK, 覚えさせる):
# each action's line in ``tilelens label --help`` (``ACTIONS_HELP_JA``) and each action's options by their first name
# (``ACTION_HELP_JA``), one for each of the English ones in ``_parser``, kept in step with them. The epilogs say the
# --json keys by name only: each one's meaning is in the English help, which they point to.
ACTIONS_HELP_JA = {
    "init": "写真のフォルダを認識器で下書きします",
    "check": "問題をすべてと、数を一覧にします",
    "stats": "数だけを出します",
    "accept": "写真を OK にします (ラベル付けのページの「OK・次へ」と同じく、枠と牌を確かめた写真として。覚えさせるのは "
              "OK にした写真だけです)",
    "kinds": "ゲームにない牌の種類 (セットの花牌、限定牌) を追加するか、セットにない種類を指定します (それは「一度も"
             "出てこない種類」に出なくなります)。オプションなしなら両方を一覧にします",
    "audit": "認識器がラベルと違う牌だと読む枠と、誰もラベルを付けていない牌を、確かなものから挙げます (何も変えません)",
    "teach": "ラベル付けのページで OK にした写真の牌を認識器に覚えさせます (その写真で `tilelens enroll`。学習用のパッケージ"
             "が要ります)",
    "export": "フォルダを COCO JSON か、Label Studio のタスクとして書き出します (Label Studio ではプロジェクトのラベル付けの"
              "画面をその横に: OUT の名前で .xml)",
    "import": "COCO JSON か Label Studio から書き出したファイルを読み込んで、フォルダにラベルを付けます",
}
DIR_HELP_JA = {"": "データセットのフォルダ (data.yaml、images/、labels/)",
               "init": "写真のフォルダ (ばらの写真は images/ に、そのラベルは labels/ に分けて置きます)",
               "export": "書き出すデータセットのフォルダ (data.yaml、images/、labels/)",
               "import": "ラベルを付けるデータセットのフォルダ (なければ作ります)"}
INIT_DESCRIPTION_JA = ("写真のフォルダを認識器で下書きします: 読めた写真ごとに、見つけた牌のラベルファイルを書きます。ラベル"
                       "付けのページ (`tilelens app`) か `tilelens label check` で確かめる下書きです。")
_CHECK_HELP_JA = {"--game": "クラス名がこのゲームの牌かも確かめます", "--json": _JSON_HELP_JA}
ACTION_HELP_JA = {
    "init": {"--game": "写真に写っている牌のゲーム (クラス名 = そのゲームの牌の id)",
             "--tileset": "認識に使う、登録した牌セット (クラス名 = その種類)。前に下書きしたフォルダでは、まだ下書きのままの"
                          "写真をもう一度下書きします (OK にした写真と手で直した写真は除く)",
             "--val-fraction": "ばらの写真のうち images/val に入れる割合 (指定がなければ 0: `tilelens enroll` は train "
                               "だけで学習します。検出器用のセットなら 0.2)",
             "--overwrite": "あるラベルファイルを、手で直したものも置き換えます (ラベル付けのページで OK にした写真のものは"
                            "除く)"},
    "check": _CHECK_HELP_JA,
    "stats": _CHECK_HELP_JA,
    "accept": {"PHOTO": "写真: フォルダの中のパス (images/train/a.jpg)、ファイル名、またはその写真へのパス",
               "--all": "フォルダのすべての写真",
               "--undo": "代わりに OK を取り消します (もう一度確かめるため)"},
    "kinds": {"--add": "これらの種類を、ゲームの種類の後に追加します (ASCII の id。例: f1 f2)。ラベルのクラス番号は"
                       "変わりません",
              "--name": "--add の種類に表示する名前。種類ごとに1つ、順に (指定がなければ id)",
              "--absent": "セットにこの牌はありません (例: 0m 0p 0s: 赤ドラなし)。OK にしていない写真のその枠は、普通の"
                          "種類 (0m: 5m) になるか削除されます。OK にした写真にあるうちは使えません",
              "--present": "セットにないとした種類が、やはりセットにあります"},
    "audit": {"--game": "このゲームの分類器で読みます (クラス名 = そのゲームの牌の id)",
              "--tileset": "登録した牌セットで読みます (クラス名 = その種類)",
              "--min-prob": "別の種類をこの確率以上で読んだラベルを挙げます (指定がなければ 0.8)",
              "--min-detection": "ラベルのない牌を、この信頼度以上で見つけたら挙げます (指定がなければ 0.5)",
              "--pictures": "見直す枠のある写真を OUT にも描き、それぞれの枠を囲んで説明を付けます",
              "--cross": "これらのラベルを学習していないモデルで見直します: 写真を K 個に分け、1つを除いた残りで牌セット"
                         "を登録してその1つを見直すことを K 回 (学習用のパッケージが要ります。--game はそれぞれが元に"
                         "するモデル)",
              "--minutes": "--cross: 部分ごとの登録の時間 (分。指定がなければ 5)",
              "--epochs": "--cross: 時間の代わりに、部分ごとのエポック数",
              "--work": "--cross: 部分ごとの牌セットを残すフォルダ (指定がなければ残しません)",
              "--json": _JSON_HELP_JA},
    "teach": {"--name": "書く牌セットの名前 (小文字・数字・- と _)",
              "--base": "ゲームの分類器か、登録した牌セットから始めます (指定がなければなし。写真が少ないときは、"
                        "ラベル付けのページの「この牌を覚えさせる」と同じくデータセットのゲームから: どれかは "
                        "`label init` が伝えます)",
              "--minutes": "分類器の学習時間 (分。指定がなければ 5)。その後、向きのモデルが自分の時間 (`tilelens "
                           "enroll` の --orient-minutes の既定) だけ学習します。最初に写真から牌を切り出します",
              "--epochs": "時間の代わりにエポック数",
              "--replace": "--name の牌セットがもう登録されていれば上書きします。付けなければ断ります。このフォルダから"
                           "前に覚えさせたセットも同じです (ページの「この牌を覚えさせる」は、そのセットは聞かずに"
                           "置き換え、ほかから覚えさせたセットは「置き換える」にチェックしたときだけ置き換えます)"},
    "export": {"--to": "書き出す形式: coco (COCO JSON) か labelstudio (Label Studio のタスク)",
               "out": "書き出す JSON ファイル。Label Studio ではラベル付けの画面 (牌の種類ごとにラベル1つ) をその横に、"
                      "同じ名前の .xml で書きます (tasks.json: tasks.xml)",
               "--image-prefix": "Label Studio: 写真のパスの前に付けて URL にする文字列",
               "--as-annotations": "Label Studio: ラベルのある写真をすべて、完了した注釈にします (指定がなければ OK に"
                                   "した写真が注釈、ほかは見直す予測)",
               "--force": "OUT (Label Studio ではその .xml も) があれば上書きします。付けなければ、あるファイルは"
                          "そのままにして何も書きません",
               "--accepted-only": "人が OK にした写真 (ラベル付けのページの OK、`tilelens label accept`) だけを書き"
                                  "出します。指定がなければほかの写真も、確かめていない印を付けて書き出します (COCO: "
                                  "tilelens_accepted が false、Label Studio: 予測)"},
    "import": {"--from": "ファイルの形式: coco (COCO JSON) か labelstudio (Label Studio から書き出したもの)",
               "file": "読み込むファイル。COCO では、train/・valid/・test/ にそれぞれ1つファイルのある、ダウンロードした"
                       "フォルダ (Roboflow のもの) でも: すべての分割を一度に読み込みます。ダウンロードした .zip の"
                       "ままでもかまいません (DIR の隣に展開して読み込み、展開したものは消します)",
               "--images": "写真のあるフォルダ (FILE の横にないとき)",
               "--game": "クラス名 = このゲームの牌の id (新しいフォルダのときだけ)",
               "--annotations-only": "Label Studio: 誰も注釈していないタスクを飛ばします (付けなければその予測を"
                                     "使います)",
               "--overwrite": "ラベルのある写真のラベルを置き換えます (Label Studio で書き出したものを直した後など)。"
                              "付けなければ、そういう読み込みは何も書かず、どの写真かを伝えます",
               "--take-theirs": "書き出した後で、ここと読み込むファイルの両方でラベルが変わった写真に、ファイルの枠を使い"
                                "ます (付けなければその写真は飛ばして名前を挙げます。ここだけで変わった写真はここのラベルの"
                                "ままです)"},
}
LABEL_EPILOG_JA = ("終了ステータス: できたときは 0。見てほしいことがあるときは 1: `check` がエラーを見つけた、"
                   "`accept --all` が OK にできない写真を除いた (名前を挙げます)、`init` か `import` が写真を飛ばした、"
                   "`export` が写真かラベルファイルを書き出しから外した (名前を挙げます)。入力の誤り (フォルダがない、"
                   "知らない --game、オプションの誤り、書き出す写真がない) は 2 で、標準エラーに1行で表示します。"
                   "中断 (Ctrl-C) は 130。")
_KEYS_JA = "キーそれぞれの意味は英語のヘルプにあります: TILELENS_LANG=en tilelens label {action} --help。"
EPILOG_JA = {
    "check": ("--json: JSON オブジェクトを1行で出力します (UTF-8。キーは言語によらず同じで、メッセージは英語): `stats`・"
              "`accepted`・`issues`。" + _KEYS_JA.format(action="check") + "実行についてのメッセージは標準エラーに"
              "出します。\n\n"
              "終了ステータス: エラーがないとき (警告だけか、何もない) は 0、エラーが見つかったときは 1、入力の誤り "
              "(フォルダがない、data.yaml がないか読めない、知らない --game) は 2、中断 (Ctrl-C) は 130。"),
    "stats": ("--json: JSON オブジェクトを1行で出力します (UTF-8。キーは言語によらず同じ): `stats`・`accepted`。"
              + _KEYS_JA.format(action="stats") + "実行についてのメッセージは標準エラーに出します。\n\n"
              "終了ステータス: 数えられたときは 0 (エラーがあっても: エラーは `label check` が一覧にします)、入力の"
              "誤り (フォルダがない、data.yaml がないか読めない、知らない --game) は 2、中断 (Ctrl-C) は 130。"),
    "audit": ("--json: JSON オブジェクトを1行で出力します (UTF-8。キーは言語によらず同じで、文は英語): `photos`・"
              "`labels`・`not_audited_kinds`・`suspects`・`pictures`。" + _KEYS_JA.format(action="audit") +
              "進み具合とメッセージは標準エラーに出します。\n\n"
              "終了ステータス: 見直せたときは 0 (見直す枠があってもなくても: 見るための一覧です)、入力の誤りは 2、"
              "中断 (Ctrl-C) は 130。"),
}


def _init(args: argparse.Namespace, lang: str) -> int:
    from tilelens.labelling.prelabel import PrelabelInterrupted, prelabel_folder

    if not args.game and not args.tileset:  # init again (photos added later): the option its data.yaml names
        game, tileset = _named_in(args.dir)
        option = f"--tileset {tileset}" if tileset else f"--game {game}"
        raise _refused("init_needs", named=lambda lang: _said(lang, "init_named", yaml=f"{args.dir}/data.yaml",
                                                              option=option) if game or tileset else "")
    from tilelens.labelling.replaced import forget_replaced

    forgot = forget_replaced(args.dir)  # photos replaced under their names: the old photo's proposals, checks undone
    for key, photos in (("replaced_unaccepted", forgot.unaccepted), ("replaced_kept", forgot.kept)):
        if photos:
            print(_said(lang, key, photos=_listed(photos[:5], more=len(photos) > 5)), file=sys.stderr)
    try:
        s = prelabel_folder(args.dir, game_ref(args.game), args.tileset, overwrite=args.overwrite,
                            val_fraction=args.val_fraction)
    except KeyboardInterrupt as stopped:  # Ctrl-C: what was done stays, and says how to go on
        done = stopped.labelled if isinstance(stopped, PrelabelInterrupted) else 0
        again = "again_overwrite" if args.overwrite else "again_done" if done else "again_none"
        print(_said(lang, "interrupted", again=_said(lang, again), stopped=_said(
            lang, "stopped_done" if done else "stopped_none", done=done, todo=getattr(stopped, "todo", 0),
            s=plural(getattr(stopped, "todo", 0)))),
            file=sys.stderr)
        return 130
    if forgot.relabel:
        print(_said(lang, "replaced_again", photos=_listed(forgot.relabel[:5], more=len(forgot.relabel) > 5)),
              file=sys.stderr)
    for skipped in s.unreadable:
        print(_said(lang, "skipped", photo=printable(str(skipped.photo)),  # a line break in its name said, not made
                    why=lang == "ja" and skipped.why_ja or skipped.why),
              file=sys.stderr)
    _zipped_said(args, lang)
    if s.other_game:  # photos of another game, most likely: every box named with this game's tiles
        # the game by its name in Japanese (「乃木坂ドンジャラ」), as the Label page names it; its id in English, --game's
        what = {"en": args.game, "ja": game_name_ja(args.game)}.get
        print(_said(lang, "other_game", what=what, photos=_listed(s.other_game[:5], more=len(s.other_game) > 5),
                    dir=shlex.quote(str(args.dir)), base=teach_base(None, args.game, ())), file=sys.stderr)
    if s.dropped_kinds:
        from tilelens.labelling.prelabel import listed_kinds, names_ja

        names = names_ja(s.dropped_kinds, args.game)  # as the never-learnt line names kinds: ひめたん (himetan)
        print(_said(lang, "dropped", what=args.tileset or args.game,
                    kinds=lambda lang: listed_kinds(s.dropped_kinds, names, lang)), file=sys.stderr)
    if s.unlearnt:  # kinds of the table in use the model never learnt: proposed as other kinds, to name by hand
        from tilelens.labelling.prelabel import unlearnt_line

        print(unlearnt_line(s, lang), file=sys.stderr)
    if s.left_out:  # read as kinds the set does not have, no near guess it has: boxes for a person to draw
        from tilelens.labelling.prelabel import left_out_line

        print(left_out_line(s, lang), file=sys.stderr)
    if s.taught:  # a new edition's file: which of the tile sets taught for it proposed the boxes
        others = _said(lang, "taught_others", n=len(s.taught), names=_listed(s.taught)) if len(s.taught) > 1 else ""
        print(_said(lang, "taught", name=s.taught[0], game=args.game, others=others), file=sys.stderr)
    if s.no_reader:  # a new edition no model reads yet: filed to be labelled by hand, and how to go on
        print(_said(lang, "no_reader", game=args.game, dir=shlex.quote(str(args.dir))), file=sys.stderr)
    if args.overwrite and s.kept:  # under --overwrite only the accepted photos keep their labels
        print(_said(lang, "kept_one" if s.kept == 1 else "kept_many", n=s.kept), file=sys.stderr)
    if s.again:  # --tileset on a dataset pre-labelled before: the proposals of another model replaced
        print(_said(lang, "again_with", name=args.tileset, n=s.again, s=plural(s.again)), file=sys.stderr)
    if s.changed:  # kept: a person's fixes are replaced only when asked (--overwrite)
        command = shlex.join(["tilelens", "label", "init", str(args.dir), "--tileset", args.tileset, "--overwrite"])
        n = len(s.changed)
        print(_said(lang, "kept_changed", n=n, s=plural(n), their="its" if n == 1 else "their",
                    were="it was" if n == 1 else "they were", them="it" if n == 1 else "them", command=command,
                    photos=_listed(s.changed[:5], more=n > 5)), file=sys.stderr)
    # a photo skipped is something to see to, as `label import` says it; a copy of one filed already is not (the
    # phone's folder filed again with a new photo)
    skipped = 1 if any(not k.copy for k in s.unreadable) else 0
    if not s.photos:  # a dataset made, its photos to come: what to do then (exit 0, as for any dataset made)
        from tilelens.labelling.prelabel import LOOSE_SUFFIXES

        init = shlex.join(["tilelens", "label", "init", str(args.dir)]) + (
            f" --tileset {args.tileset}" if args.tileset else f" --game {shlex.quote(args.game)}")
        # one line: the dataset made, and how to fill it (a second line on stderr said "no photos found" beside it)
        print(_said(lang, "init_empty", dir=args.dir, suffixes=_listed(sorted(LOOSE_SUFFIXES)), init=init))
        return skipped
    print(_said(lang, "init_done", photos=s.photos, labelled=s.labelled, tiles=s.tiles, kept=s.kept,
                skipped=len(s.unreadable), dir=args.dir, ps=plural(s.photos), ts=plural(s.tiles)))
    if s.labelled and args.tileset and args.tileset in _own_sets(args.dir):  # the loop: its own set taught again
        print(_said(lang, "init_next_again",
                    command=teach_again_command(args.dir, args.tileset, again_base(args.dir, args.tileset))))
    elif s.labelled:  # proposals, to be checked by a person before anything learns from them
        print(_said(lang, "init_next", dir=shlex.quote(str(args.dir)), base=teach_base(args.tileset, args.game,
                                                                                      s.taught)))
    return skipped


def _zipped_said(args: argparse.Namespace, lang: str) -> None:
    """Say, in one line on stderr, the compressed files init left in the folder (``archive.archives_in``): photos
    perhaps, not pre-labelled (the event check names a zipped table so too)."""
    from tilelens.labelling.archive import archives_in

    zipped = archives_in(args.dir)
    if not zipped:
        return
    init = shlex.join(["tilelens", "label", "init", str(args.dir)]) + (
        f" --tileset {args.tileset}" if args.tileset else f" --game {shlex.quote(args.game)}")
    print(_said(lang, "zipped_one" if len(zipped) == 1 else "zipped_many", n=len(zipped), dir=args.dir, init=init,
                files=_listed([p.name for p in zipped])), file=sys.stderr)


def game_ref(game: str | None) -> str | None:
    """``game`` as a dataset's ``data.yaml`` is to keep it: as given (a shipped id, a game added in the app by its
    id, a path). An added game is kept by its id, not its file's absolute path: the dataset then plays the house
    table edited for it (``label`` is a house command) and survives a copied home (``yolo.game_read`` reads an old
    absolute ``_added`` path that is gone as the game of that id here)."""
    return game


def _own_sets(root: Path | str) -> list[str]:
    """The tile sets taught from the dataset ``root`` (``teach.own_tilesets``, the newest first); none where that
    cannot be told."""
    from scorer.result import TilelensInputError
    from tilelens.labelling.teach import own_tilesets

    try:
        return own_tilesets(root)
    except (TilelensInputError, OSError):
        return []


def _teach_said(lang: str, root: Path | str) -> str:
    """The `label teach` command that comes next for the dataset ``root``: its own set taught again (``--replace``)
    where it has one, else a new one from the base init names (``teach.dataset_base``)."""
    own, where = _own_sets(root), shlex.quote(str(root))
    if own:
        return _said(lang, "teach_again", command=teach_again_command(root, own[0], again_base(root, own[0])))
    return _said(lang, "teach_new", dir=where, base=dataset_base(root))


def teach_again_command(root: Path | str, name: str, base: str) -> str:
    """The command that teaches the tile set ``name`` again from the Label dataset ``root``, keeping its ``base``
    (``again_base``), quoted for a shell: what `label` says next here and `read --tileset` says for a set it reads
    poorly (``vision.read_cli.teach_again``)."""
    return shlex.join(["tilelens", "label", "teach", str(root), "--name", name, "--base", base, "--replace"])


def again_base(root: Path | str, name: str) -> str:
    """The ``--base`` the tile set ``name``, taught from the dataset ``root``, is taught again from: the shipped game's
    model it was taught from (its ``tileset.json``'s ``base``), else the one a first teach of the dataset starts from
    (``teach_base`` of its game). Without it `label teach` learns from scratch, where the Label page's Teach starts
    from the game's model: a set taught again from a few photos would read far worse."""
    from tilelens.labelling.yolo import read_data_yaml
    from vision.detector import find_tileset
    from vision.recognizer import RecognizerError, base_game_of, read_tileset_meta

    folder = find_tileset(name)
    try:
        game = base_game_of(read_tileset_meta(folder)) if folder is not None else ""
    except RecognizerError:
        game = ""
    if game:
        return game
    try:
        config = read_data_yaml(Path(root))
    except (LabelFileError, OSError):
        return TEACH_BASE
    tileset = config.tileset if config.tileset and config.tileset != name else None
    return teach_base(tileset, config.game, ())


def _named_in(root: Path) -> tuple[str | None, str | None]:
    """The game and tile set ``root``'s ``data.yaml`` names (the tile set alone where it names one; None
    for what it does not name, or where there is none or it cannot be read: init then says so)."""
    from tilelens.labelling.yolo import read_data_yaml

    try:
        config = read_data_yaml(root) if (Path(root) / "data.yaml").is_file() else None
    except LabelFileError:
        return None, None
    if config is None:
        return None, None
    return (None, config.tileset) if config.tileset else (config.game, None)


def _check(args: argparse.Namespace, show_issues: bool, lang: str) -> int:
    from tilelens.labelling.checks import check_dataset, detector_set_said, format_report

    report = check_dataset(args.dir, args.game)
    fatal = [i for i in report.issues if i.kind in {IssueKind.NO_DATA_YAML, IssueKind.BAD_DATA_YAML}]
    if fatal:
        raise LabelFileError(fatal[0].message, fatal[0].message_ja)
    accepted = accepted_count(args.dir)
    detector = detector_set_said(args.dir, args.game)  # `tilelens synth`'s folder: where its tile kinds are
    if detector:
        print(PREFIX + detector[lang == "ja"], file=sys.stderr)
    problem = progress_problem(args.dir, lang)
    if problem:  # not "accepted: 0 of N": the count is not known
        print(PREFIX + problem, file=sys.stderr)
    if args.json:
        out = {"stats": asdict(report.stats) | {"unseen_kinds": list(report.stats.unseen_kinds),
                                                "thin_kinds": list(report.stats.thin_kinds)}}
        if accepted is not None:
            out["accepted"] = {"accepted": accepted[0], "photos": accepted[1]}
        if show_issues:
            out["issues"] = [{"kind": str(i.kind), "path": i.path, "line": i.line, "message": i.message,
                              "error": i.is_error} for i in report.issues]
        print(json.dumps(out, ensure_ascii=False))
    else:
        names = kind_names_ja(args.dir, args.game) if lang == "ja" else {}  # 「まりか (marika)」
        lines = format_report(report, show_issues, lang=lang, root=args.dir, names=names).split("\n")
        if accepted is not None:  # after the photos with a label file
            lines.insert(2, _said(lang, "accepted_of", n=accepted[0], total=accepted[1]))
        print("\n".join(lines))
    return 1 if show_issues and report.errors else 0


def kind_names_ja(root: Path | str, game: str | None) -> dict[str, str]:
    """The Japanese names of the dataset ``root``'s kinds, by id: its game's tiles' (``game``, else the one its
    data.yaml names; the table in use, as the Label page names them), and the names its own kinds were given (``label
    kinds --add --name``); none where neither can be read (the ids are said as they are)."""
    from scorer import load_game
    from scorer.result import TilelensInputError
    from tilelens.labelling.yolo import read_data_yaml

    try:
        config = read_data_yaml(root)
    except (LabelFileError, OSError):
        return {}
    names = dict(config.own_kinds)
    try:
        if game or config.game:
            names |= {t.id: t.name_ja for t in load_game(game or config.game).tiles if t.name_ja}
    except (TilelensInputError, OSError):
        pass
    return names


def accepted_count(root: Path | str) -> tuple[int, int] | None:
    """How many photos of the dataset ``root`` a person accepted, and how many it has (as the Label page and Teach
    count them); None where its data.yaml or its progress file cannot be read (:func:`progress_problem` says why)."""
    from tilelens.labelling.editing import photo_paths
    from tilelens.labelling.store import read_progress
    from tilelens.labelling.yolo import read_data_yaml

    try:
        photos = photo_paths(Path(root), read_data_yaml(root))
        done = read_progress(root)
    except (LabelFileError, OSError):  # a named pipe for either among them (store.NotAFileError), never opened
        return None
    return sum(p in done for p in photos), len(photos)


def progress_problem(root: Path | str, lang: str) -> str | None:
    """Why the progress file of the dataset ``root`` (``store.PROGRESS_FILE``: the photos accepted) cannot be read,
    in ``lang``; None where it can, or is not there yet."""
    from scorer.result import TilelensInputError, error_text
    from tilelens.labelling.store import read_progress

    try:
        read_progress(root)
    except TilelensInputError as exc:  # damaged, or a named pipe in its place
        return error_text(exc, lang)
    except OSError as exc:  # a folder, no rights
        from tilelens.cli import os_problem

        return os_problem(exc, lang)
    return None


def _photo_of(root: Path, photos: list[str], given: str) -> str | list[str] | None:
    """The photo (its path in the dataset) that ``given`` names: its path in the folder, a path to it, or its file
    name; the paths where a file name names several; None where it names none."""
    if given in photos:
        return given
    tidy = posixpath.normpath(given.replace("\\", "/"))  # ./images/train/a.jpg, images//train/a.jpg
    if tidy in photos:
        return tidy
    for where in (Path(given), root / given):  # a path to it from here, or from the folder
        try:
            rel = where.resolve().relative_to(root.resolve()).as_posix()
        except (ValueError, OSError):
            continue
        if rel in photos:
            return rel
    named = [p for p in photos if Path(p).name == Path(given).name] if "/" not in given else []
    return named[0] if len(named) == 1 else named or None


def broken_photos(root: Path, photos: list[str], names: tuple[str, ...], config=None) -> dict[str, list]:
    """Each of ``photos`` (paths in the dataset ``root``) that ``label check`` flags as broken -> its errors: a
    photo that cannot be read, a label file with lines that cannot be parsed (a word for a number, a field
    missing, a class past ``names``), and, with ``config`` (the dataset's data.yaml), a box of a kind it marks absent
    (``checks._absent_in_use``: the README's "refused while an accepted photo has one"). Warnings (no boxes, a
    polygon line) are no reason to refuse it. A photo decoded whole before and unchanged since (``yolo.DecodedPhotos``,
    as `label check` keeps them) is not decoded again; those decoded here are noted there (where the dataset has its
    ``.tilelens`` folder: none is made)."""
    from tilelens.labelling.checks import _absent_in_use
    from tilelens.labelling.model import Dataset
    from tilelens.labelling.yolo import DecodedPhotos, read_image_labels

    found = {}
    absent = tuple(config.absent) if config is not None else ()
    decoded = DecodedPhotos(root)
    try:
        for photo in photos:
            try:
                image, issues = read_image_labels(root, root / photo, names, decoded=decoded)
            except OSError as exc:  # a label file that is there but cannot be read (no permission)
                image, issues = None, [Issue(IssueKind.NOT_A_NUMBER, photo, f"cannot be read ({exc.strerror or exc})",
                                             message_ja=f"読めません ({exc.strerror or exc})")]
            if image is not None and absent:
                dataset = Dataset(names, (image,), config.game, own_kinds=dict(config.own_kinds), absent=absent)
                issues = list(issues) + _absent_in_use(root, dataset, absent, config.game)
            errors = [i for i in issues if i.is_error]
            if errors:
                found[photo] = errors
    finally:  # stopped midway (Ctrl-C): the photos decoded so far are kept
        decoded.save()
    return found


def _broken_said(lang: str, broken: dict[str, list], most: int = 5) -> str:
    """The photos of :func:`broken_photos` and the first problem of each (the rest counted), ``most`` at most."""
    items = []
    for photo, issues in list(broken.items())[:most]:
        first = issues[0]
        message = lang == "ja" and first.message_ja or first.message
        message = message.removeprefix(f"{Path(photo).name}: ")  # "a.jpg: not a readable image": named already
        where = "" if first.path == photo else f"{first.path}:{first.line}: " if first.line else f"{first.path}: "
        more = _said(lang, "broken_more", n=len(issues) - 1, s="" if len(issues) == 2 else "s") if issues[1:] else ""
        items.append(f"{photo}: {where}{message}{more}")
    return WORDS[lang]["broken_list"].join(items) + (WORDS[lang]["more"] if len(broken) > most else "")


def _accept(args: argparse.Namespace, lang: str) -> int:
    """Mark photos accepted (or not, ``--undo``) in the dataset's progress, as the Label page's Accept does. A
    photo that cannot be read, or whose labels cannot be parsed, is not accepted (:func:`broken_photos`): named
    photos are refused, ``--all`` leaves them out, names them and exits 1 (as it does photos not pre-labelled yet)."""
    from tilelens.labelling.editing import photo_paths
    from tilelens.labelling.store import dataset_lock, read_progress, set_many_done_locked
    from tilelens.labelling.yolo import label_path_for, read_data_yaml

    if args.all and args.photos:
        raise _refused("accept_both")
    if not args.all and not args.photos:
        raise _refused("accept_needs")
    root = Path(args.dir)
    config = read_data_yaml(root)
    photos = photo_paths(root, config)
    if args.all:
        chosen = list(photos)
    else:
        found = {given: _photo_of(root, photos, given) for given in args.photos}
        unknown = [given for given, photo in found.items() if photo is None]
        if unknown:
            raise _refused("accept_unknown", dir=root, photos=_listed(unknown),
                           example=photos[0] if photos else "images/train/a.jpg")
        for given, photo in found.items():
            if isinstance(photo, list):
                raise _refused("accept_twice", name=given, dir=root, paths=_listed(photo))
        chosen = list(dict.fromkeys(found.values()))
    # a photo with no label file has no boxes a person could have checked: init (or the Label page) first
    bare = [] if args.undo else [p for p in chosen if not label_path_for(root.absolute() / p).is_file()]
    if bare and not args.all:
        raise _refused("accept_bare", photos=_listed(bare), dir=shlex.quote(str(root)),
                       them="it" if len(bare) == 1 else "them")
    if bare:
        shown = _listed(bare[:5], more=len(bare) > 5)
        print(PREFIX + _said(lang, "accept_bare_all", n=len(bare), s="" if len(bare) == 1 else "s", photos=shown,
                             dir=shlex.quote(str(root)), they="it" if len(bare) == 1 else "they",
                             were="was" if len(bare) == 1 else "were", them="it" if len(bare) == 1 else "them"),
              file=sys.stderr)
        chosen = [p for p in chosen if p not in bare]
    # a photo label check flags as broken: accepted, teaching would learn nothing of it, or fail on it
    broken = {} if args.undo else broken_photos(root, chosen, config.names, config)
    if broken and not args.all:
        raise _refused("accept_broken", photos=lambda lang: _broken_said(lang, broken), dir=shlex.quote(str(root)),
                       it="it" if len(broken) == 1 else "them")
    if broken:
        one = len(broken) == 1
        print(PREFIX + _said(lang, "accept_broken_all", n=len(broken), s="" if one else "s",
                             photos=_broken_said(lang, broken), dir=shlex.quote(str(root)), they="it" if one else "they",
                             were="was" if one else "were", their="its" if one else "their",
                             them="it" if one else "them"), file=sys.stderr)
        chosen = [p for p in chosen if p not in broken]
    with dataset_lock(root):
        done = read_progress(root)  # one that cannot be read is refused (main read it first): never written over
        changed = [p for p in chosen if (p in done) == args.undo]
        if changed:  # one read and one write of the progress file, however many (1,500 rewrote it 1,500 times)
            done = set_many_done_locked(root, [(photo, not args.undo) for photo in changed])
    n = sum(p in done for p in photos)
    already = len(chosen) - len(changed)
    if not chosen:  # every photo left out (not pre-labelled, or broken): none accepted, said so
        print(_said(lang, "accept_none", dir=root, n=n, total=len(photos)))
        return 1 if broken or bare else 0
    if chosen and not changed:  # nothing to change: said so, not "0 photos marked accepted"
        what = _said(lang, "already_one" if already == 1 else "already_many", n=already)
        print(_said(lang, "accept_already_not" if args.undo else "accept_already", what=what, dir=root, n=n,
                    total=len(photos)))
        return 1 if broken or bare else 0
    said = _said(lang, "accept_photos", n=len(changed), s="" if len(changed) == 1 else "s")
    key = "accept_undone" if args.undo else "accept_done"
    print(_said(lang, f"{key}_some" if already else key, dir=root, n=n, total=len(photos), changed=said,
                already=already, were="was" if already == 1 else "were"))
    if not args.undo and n:  # what comes after accepting: the others, then teaching
        print(_said(lang, "accept_next_all" if n == len(photos) else "accept_next", dir=shlex.quote(str(root)),
                    teach=_teach_said(lang, root)))
    return 1 if broken or bare else 0


def _absent_refused(exc, root: str | Path) -> LabelFileError:
    """``kinds.AbsentInUse`` as ``label kinds`` says it: the kinds, the accepted photos that have them (three at
    most) and the command that marks them as to do (``label accept --undo``, each of those photos: never ``--all``,
    which would take back the others too)."""
    n = len(exc.photos)
    command = shlex.join(["tilelens", "label", "accept", str(root), *exc.photos, "--undo"])
    return _refused("absent_used", kinds=_listed(exc.kinds), n=n, s=plural(n), files=_listed(exc.photos[:3]),
                    more=lambda lang: WORDS[lang]["more"] if n > 3 else "", them="it" if n == 1 else "them",
                    command=command)


def _absent_said(lang: str, marked) -> str | None:
    """What ``kinds.mark_absent`` changed (``marked``), a line in ``lang``; None where it changed no box."""
    if not marked.made:
        return None
    joined = WORDS[lang]["list"]
    changes = joined.join(_said(lang, "absent_to", n=n, kind=kind, plain=plain) if plain
                          else _said(lang, "absent_gone", n=n, kind=kind) for kind, plain, n in marked.made)
    photos = marked.photos
    return _said(lang, "absent_made", n=len(photos), s=plural(len(photos)), photos=joined.join(photos[:5]),
                 more=joined + "..." if len(photos) > 5 else "", changes=changes)


def _kinds(args: argparse.Namespace, lang: str) -> int:
    """``label kinds``: add kinds of the dataset's own, say kinds absent or present, then list both. A kind said
    absent has its boxes on the photos not accepted made the plain kind or removed (``kinds.mark_absent``, said);
    refused, before anything is written (an ``--add`` too), while an accepted photo has one."""
    from tilelens.labelling.kinds import AbsentInUse, add_kinds, kind_refused, mark_absent, set_absent
    from tilelens.labelling.yolo import read_data_yaml

    if args.name and not args.add:
        raise _refused("kinds_names_alone")
    if args.name and len(args.name) != len(args.add):  # a name short: which kind it names is a guess
        raise _refused("kinds_names", n=len(args.add), s="" if len(args.add) == 1 else "s", kinds=_listed(args.add),
                       m=len(args.name), ms="" if len(args.name) == 1 else "s", names=_listed(args.name))
    if args.add:  # an id refused before any box or kind is written
        config = read_data_yaml(args.dir)
        for kind in args.add:
            refused = kind_refused(kind, config)
            if refused is not None:
                raise refused
    absent_now = [k for k in args.absent if k not in args.add]  # a kind added now has no box: said absent after
    if absent_now:
        try:
            marked = mark_absent(args.dir, absent_now)
        except AbsentInUse as exc:
            raise _absent_refused(exc, args.dir) from None
        said = _absent_said(lang, marked)
        if said:
            print(said)
    if args.add:
        add_kinds(args.dir, dict(zip(args.add, args.name + [""] * (len(args.add) - len(args.name)))))
        print(_said(lang, "kinds_added", yaml=Path(args.dir) / "data.yaml", kinds=_listed(args.add)))
    absent_added = [k for k in args.absent if k in args.add]
    if absent_added:
        set_absent(args.dir, absent_added)
    if args.present:
        set_absent(args.dir, args.present, absent=False)
    config = read_data_yaml(args.dir)
    none = WORDS[lang]["kinds_none"]
    own = WORDS[lang]["list"].join(k if v == k else f"{k} ({v})" for k, v in config.own_kinds.items())
    print(_said(lang, "kinds_own", kinds=own or none))
    print(_said(lang, "kinds_absent", kinds=WORDS[lang]["list"].join(config.absent) or none))
    return 0


def _audit(args: argparse.Namespace, lang: str) -> int:
    from tilelens.labelling.audit import audit_dataset, cross_audit, format_audit, write_audit_pictures
    from tilelens.labelling.prelabel import load_reader

    if not args.cross and not args.game and not args.tileset:  # the option its data.yaml names, as init says it
        game, tileset = _named_in(args.dir)
        option = f"--tileset {tileset}" if tileset else f"--game {game}"
        raise _refused("audit_needs", named=lambda lang: _said(lang, "init_named", yaml=f"{args.dir}/data.yaml",
                                                               option=option) if game or tileset else "")
    if args.pictures:
        _pictures_folder(args.dir, args.pictures)
    if args.cross:
        if args.tileset:
            raise _refused("cross_tileset")
        with box_tables():  # its parts' tile sets are enrolled as `tilelens enroll` enrols: with the box's table
            report = cross_audit(args.dir, args.cross, args.game, args.minutes, args.epochs, args.work,
                                 args.min_prob, args.min_detection)
        reader_name = _said(lang, "cross_reader", k=args.cross)
    else:
        # as the event check: each tile on its own, since a duplicate in a labelled set is no reason to rename it
        reader = load_reader(args.game, args.tileset, set_limit=False)
        report = audit_dataset(args.dir, reader, args.min_prob, args.min_detection)
        reader_name = args.tileset or args.game
    pictures = write_audit_pictures(args.dir, report, args.pictures) if args.pictures else []
    if args.json:
        out = {"photos": report.photos, "labels": report.labels, "not_audited_kinds": list(report.not_read),
               "suspects": [asdict(s) | {"text": str(s)} for s in report.suspects],
               "pictures": [str(p) for p in pictures]}
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(format_audit(report, reader_name, args.min_prob, lang=lang))
        if args.pictures:
            print(_said(lang, "pictures", n=len(pictures), folder=args.pictures, s=plural(len(pictures))))
    if report.issues:
        print(_said(lang, "audit_issues", n=len(report.issues), dir=args.dir, s=plural(len(report.issues))),
              file=sys.stderr)
    return 0


def _own_folders(root: Path) -> list[Path]:
    """The folders of the dataset ``root`` (resolved) that hold its photos and labels: ``images/`` and
    ``labels/``, and each folder a split of its ``data.yaml`` names with the labels beside it (a Roboflow
    export's ``train/images`` and ``train/labels``); not ``root`` itself (``train: .``)."""
    from tilelens.labelling.yolo import label_path_for, read_data_yaml, source_path

    root = Path(root).resolve()
    folders = [root / "images", root / "labels"]
    try:
        config = read_data_yaml(root)
    except LabelFileError:  # no data.yaml, or one that cannot be read: the export or audit says so
        return folders
    for split, items in config.sources.items():
        for source in items:
            where = source_path(root, config, split, source).resolve()
            if source.endswith(".txt") or where == root or not where.is_relative_to(root):
                continue
            folders += [where, label_path_for(where / "x").parent]
    return folders


def _folder_names(root: Path, word: str = "and", lang: str = "en") -> str:
    """The dataset's own folders (``_own_folders``) as a person reads them: ``images/ and labels/``, and
    a Roboflow export's ``train/images/``, ``train/labels/`` ... (``word``: "and" or "or")."""
    root = Path(root).resolve()
    names = list(dict.fromkeys(f"{p.relative_to(root).as_posix()}/" for p in _own_folders(root)))
    return _said(lang, f"folders_{word}", first=WORDS[lang]["list"].join(names[:-1]), last=names[-1])


def _pictures_folder(root: Path, folder: Path) -> None:
    """Make the audit's pictures folder now, not once every photo is read (with --cross, K enrolments): a
    folder that cannot be written is said before the work, not with its findings lost. Never among the
    dataset's own files: a picture in images/ (or loose beside data.yaml, for init to file) would become a
    photo to label."""
    root, target = Path(root).resolve(), Path(folder).resolve()
    if target == root or any(target.is_relative_to(own) for own in _own_folders(root)):
        raise _refused("pictures_inside", folder=folder, root=root,
                       folders=lambda lang: _folder_names(root, "or", lang))
    if target.exists() and not target.is_dir():
        raise _refused("pictures_file", folder=folder)
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # the system's reason in the output's language, as the other write paths say it
        from tilelens.cli import os_reason

        raise _refused("pictures_unwritable", folder=folder, why=lambda lang, e=exc: os_reason(e, lang)) from None
    if not os.access(target, os.W_OK | os.X_OK):
        raise _refused("pictures_unwritable", folder=folder, why=lambda lang: _said(lang, "no_permission"))


def _export(args: argparse.Namespace, lang: str) -> int:
    from tilelens.labelling.checks import issue_text
    from tilelens.labelling.transfer import Format, export_with_summary, left_out, unchecked_line

    if str(args.out) == "-":  # `ledger csv --out -` is standard output; an export is a file (and its .xml): named
        raise _refused("export_stdout", example="coco.json" if args.to == "coco" else "tasks.json")
    if Path(args.out).is_dir():
        example = Path(args.out) / ("coco.json" if args.to == "coco" else "tasks.json")
        raise _refused("export_folder", out=args.out, example=example)
    if args.to == "labelstudio" and Path(args.out).suffix.lower() == ".xml":  # the interface is written there
        raise _refused("export_xml", out=args.out)
    if args.to == "labelstudio" and Path(args.out).with_suffix(".xml").is_dir():
        raise _refused("export_xml_folder", xml=Path(args.out).with_suffix(".xml"), out=args.out)
    root = Path(args.dir).resolve()
    targets = [Path(args.out)] + ([Path(args.out).with_suffix(".xml")] if args.to == "labelstudio" else [])
    for target in (t.resolve() for t in targets):  # the export must not write over what it exports
        if target == root / "data.yaml" or any(target.is_relative_to(own) for own in _own_folders(root)):
            raise _refused("export_over", out=args.out, own=target.relative_to(root), dir=args.dir,
                           folders=lambda lang: _folder_names(root, "and", lang))
    # a file there already is not written over unasked, as `ledger csv` and `synth --hand` refuse without --force; a
    # pipe, a folder or a dangling link in the way is the writer's to name (``store``: refused, whatever --force says)
    there = [t for t in targets if t.is_file()]
    odd = [t for t in targets if (t.exists() or t.is_symlink()) and not t.is_file()]
    if there and not odd and not args.force:
        raise _refused("export_exists", out=there[0])
    summary = export_with_summary(args.dir, Format(args.to), args.out, args.image_prefix, args.as_annotations,
                                  args.accepted_only)
    written, lost = summary.written, left_out(list(summary.issues))
    for issue in lost:  # each photo or label file left out, by name
        print(issue_text(issue, lang), file=sys.stderr)
    if lost:
        print(_said(lang, "export_left_out_one" if len(lost) == 1 else "export_left_out", n=len(lost), dir=args.dir),
              file=sys.stderr)
    what = ("wrote_tasks", "wrote_interface")
    print(_said(lang, "wrote", files=WORDS[lang]["list"].join(
        _said(lang, said, path=p) if args.to == "labelstudio" else str(p) for p, said in zip(written, what))))
    if unchecked := unchecked_line(summary, lang):  # the photos nobody checked: how many, and how they are marked
        print(unchecked, file=sys.stderr)
    # how the file comes back: Label Studio gives an export of its own (its name not known here); a COCO tool edits
    # this one or writes its own
    back = "EXPORT.json" if args.to == "labelstudio" else str(args.out)
    command = shlex.join(["tilelens", "label", "import", back, "--from", args.to, str(args.dir)])
    print(_said(lang, "export_next", command=command,
                where=_said(lang, "export_next_ls" if args.to == "labelstudio" else "export_next_coco")))
    return 1 if lost else 0  # a photo or label file left out is something to see to, as `label import` says it


def _import(args: argparse.Namespace, lang: str) -> int:
    from tilelens.labelling.archive import import_files, is_zip, shown_in, unzipped

    if is_zip(args.file):  # a download as it arrives (Roboflow's): unzipped beside the dataset, imported, removed
        def note(english: str, japanese: str) -> None:  # an unzip a stopped import left, removed
            print(japanese if lang == "ja" else english, file=sys.stderr)

        with unzipped(args.file, args.dir, on_note=note) as folder:
            def shown(text: str) -> str:
                return shown_in(text, folder, str(args.file))

            try:
                return _import_files(args, lang, import_files(folder, args.fmt, str(args.file)),
                                     args.images or folder, shown)
            except LabelFileError as exc:  # named in the zip, not where it was unzipped
                raise LabelFileError(shown(str(exc)), shown(exc.message_ja)) from None
    files = [args.file]
    if Path(args.file).is_dir():
        # a Roboflow download: one file a split, in train/, valid/ and test/ (``coco.split_files``), imported
        # in one go, each split where its folder says
        from tilelens.labelling.coco import split_files

        files = split_files(args.file) if args.fmt == "coco" else []
        folder = Path(args.file)
        if not files and (folder / "labels").is_dir() and (folder / "data.yaml").is_file():
            raise _refused("import_yolo_dataset", file=shlex.quote(str(args.file)))
        if not files and ((folder / "classes.txt").is_file() or (folder / "labels").is_dir()):
            raise _refused("import_yolo", file=args.file)
        if not files:
            raise _refused("import_folder", file=args.file, fmt=args.fmt,
                           laid_out=lambda lang: _said(lang, "import_laid_out") if args.fmt == "coco" else "")
    return _import_files(args, lang, files, args.images, str)


def _import_files(args: argparse.Namespace, lang: str, files: list, images, shown) -> int:
    """Import ``files`` (a file, or a download's split files) into ``args.dir``, photos looked for in ``images`` too;
    each file and folder said as ``shown`` says it (an unzipped one as in its zip)."""
    from tilelens.labelling.checks import issue_text
    from tilelens.labelling.transfer import Format, import_dataset

    labelled = copied = skipped = replaced = unchanged = problems = 0
    for n, file in enumerate(files):
        try:
            s = import_dataset(file, Format(args.fmt), args.dir, images, game_ref(args.game),
                               use_predictions=not args.annotations_only, overwrite=args.overwrite,
                               take_theirs=args.take_theirs)
        except LabelFileError as exc:
            if not n:
                raise
            done = _listed([shown(str(f)) for f in files[:n]])  # the splits before it are imported: said, not undone
            raise LabelFileError(_said("en", "imported_already", error=exc, done=done), exc.message_ja and
                                 _said("ja", "imported_already", error=exc.message_ja, done=done)) from None
        for issue in s.issues:
            print(issue_text(issue, lang), file=sys.stderr)
        for note in s.notes:  # what the import chose or changed (a photo in two tasks, a box cut at the edge)
            print(note.text(lang), file=sys.stderr)
        if s.alone - s.bare:  # tasks with no boxes to use, of photos here: left alone (copied ones have a note each)
            from tilelens.labelling.transfer import STRIPPED

            n = s.alone - s.bare
            print(_said(lang, "left_alone", n=n, s=plural(n), they="it" if n == 1 else "they",
                        were="was" if n == 1 else "were", why=STRIPPED[lang == "ja"] if s.stripped else ""),
                  file=sys.stderr)
        if s.cancelled:  # skipped by a person in Label Studio: counted nowhere else
            print(_said(lang, "cancelled_one" if len(s.cancelled) == 1 else "cancelled_many", n=len(s.cancelled),
                        photos=WORDS[lang]["list"].join(s.cancelled)), file=sys.stderr)
        lost = sum(i.kind is IssueKind.MISSING_SOURCE for i in s.issues)
        if lost:  # where it looked, and how to say where they are
            looked = _listed(dict.fromkeys(shown(str(Path(d))) for d in (args.dir, images, Path(file).parent) if d),
                             here=True)  # "." said as the current folder
            print(_said(lang, "lost_one" if lost == 1 else "lost_many", n=lost, looked=looked), file=sys.stderr)
        if len(files) > 1:
            print(_said(lang, "imported_file", file=shown(str(file)), labelled=s.labelled, s=plural(s.labelled),
                        copied=s.copied, skipped=len(s.issues) + len(s.left_out),
                        labels=_labels_said(lang, s.replaced, s.unchanged)))
        labelled, copied = labelled + s.labelled, copied + s.copied
        skipped, problems = skipped + len(s.issues) + len(s.left_out), problems + len(s.issues)
        replaced, unchanged = replaced + s.replaced, unchanged + s.unchanged
    accepted = accepted_count(args.dir) if Path(args.dir).is_dir() else None
    said = _said(lang, "imported", labelled=labelled, s=plural(labelled), dir=args.dir, copied=copied,
                 skipped=skipped, labels=_labels_said(lang, replaced, unchanged))
    print(said + (_said(lang, "imported_accepted", n=accepted[0], total=accepted[1]) if accepted else ""))
    if labelled and accepted:  # labels nobody here checked yet: accepted first, then taught
        key = "accept_next_all" if accepted[0] == accepted[1] else "import_next"
        print(_said(lang, key, dir=shlex.quote(str(args.dir)), teach=_teach_said(lang, args.dir)))
    return 1 if problems else 0  # a photo skipped is something to see to, as `label check` says of a problem (not
    # one left out as asked: --annotations-only)


def _labels_said(lang: str, replaced: int, unchanged: int) -> str:
    """What an import did to labels its photos had (none said when they had none): replaced, or unchanged."""
    if replaced:
        return _said(lang, "labels_replaced", replaced=replaced, unchanged=unchanged)
    return _said(lang, "labels_unchanged", unchanged=unchanged) if unchanged else ""


def _teach(args: argparse.Namespace, lang: str) -> int:
    """What the Label page's Teach runs, in the foreground: ``tilelens enroll`` on the accepted photos."""
    from tilelens.labelling.teach import claim_here, enrol_here, held_out_words, job_photos_said, status

    extra = ("--epochs", str(args.epochs)) if args.epochs else ()
    # the dataset's job, as the page's Teach starts one (under its lock): refused while one runs, and seen
    # running by the page, whose Teach waits for it (both would use one run folder and photo list)
    argv, _ = claim_here(args.dir, args.name, args.base, args.minutes, extra, replace=args.replace)
    job = status(args.dir)
    for said in job.warnings:  # the kinds the game's table in use no longer has (``teach.table_words``)
        print(PREFIX + said[lang == "ja"], file=sys.stderr)
    held = held_out_words(job.held)[lang == "ja"]  # as its job says: the photos are listed once
    photos = job_photos_said(args.dir)[lang == "ja"]  # "4 accepted photos (3 with tiles)", as enrol counts them
    print(_said(lang, "teaching", name=args.name, name_ja=quoted_ja(args.name), photos=photos, dir=args.dir,
                held=_said(lang, "held", held=held) if held else ""))
    rc = enrol_here(args.dir, argv)
    if rc == 0:
        _taught_said(args, lang)
    return rc


def _taught_said(args: argparse.Namespace, lang: str) -> None:
    """After a teach: the warnings said before the training again, beside its result (a few hundred lines came between),
    and what comes next: the photos not accepted pre-labelled again with the set, new ones with it."""
    from tilelens.labelling.editing import photo_paths
    from tilelens.labelling.teach import prelabelled_before, status
    from tilelens.labelling.yolo import read_data_yaml

    job = status(args.dir)
    if job is not None and job.warnings:
        print(PREFIX + _said(lang, "teach_warnings"), file=sys.stderr)
        for said in job.warnings:
            print(PREFIX + said[lang == "ja"], file=sys.stderr)
    try:
        todo = prelabelled_before(args.dir, args.name, photo_paths(Path(args.dir), read_data_yaml(Path(args.dir))))
    except (LabelFileError, OSError):
        todo = 0
    where = shlex.quote(str(args.dir))
    print(_said(lang, "teach_next", n=todo, s=plural(todo), dir=where, name=args.name) if todo
          else _said(lang, "teach_next_new", dir=where, name=args.name))


ACTIONS = ("init", "check", "stats", "accept", "kinds", "audit", "teach", "export", "import")


def box_tables():
    """A context in which a game named by its id is its box's table (``scorer.catalog.house_tables`` of no edit), for
    what enrols a tile set in this process (``teach``, ``audit --cross``): `tilelens enroll` is no house command, and
    the page's Teach runs it in a process of its own; a tile set named its game by the file of a house table (one that
    a later Save moves into its history) where the router's house tables were still in force."""
    from scorer.catalog import house_tables

    return house_tables(lambda game_id: None)


def _subcommand_first(argv: list[str], lang: str) -> str:
    """What ``tilelens label`` says of a command line that does not start with a subcommand: none given, one
    given after its options (``label --game nogizaka init photos``: the command in order), or a word that is
    none."""
    actions = _said(lang, "actions_or", first=WORDS[lang]["list"].join(ACTIONS[:-1]), last=ACTIONS[-1])
    example = "tilelens label init DIR --game GAME"
    at = next((i for i, word in enumerate(argv) if word in ACTIONS), None)
    if at is not None:
        return _said(lang, "action_after", command=shlex.join(["tilelens", "label", *argv[at:], *argv[:at]]))
    if argv and not argv[0].startswith("-"):  # as `tilelens ledger lst` is said, with the action nearest to it
        from scorer.cli import not_a_subcommand

        return not_a_subcommand(lang, "tilelens label", argv[0], ACTIONS, ("the folder and its options",
                                                                           "フォルダとオプション"), example)
    return _said(lang, "no_action", actions=actions, example=example)


def _files_first(args: argparse.Namespace) -> None:
    """Refuse, before any work, a dataset whose files the command reads are not files or cannot be read: its
    ``data.yaml`` a named pipe (``store.check_regular_file``: never opened, reading one waits for ever; else said
    as "no data.yaml"), and, for what acts on the photos accepted (accept, teach, export, import, init --overwrite),
    its progress file damaged (``store.read_progress``: never written over, nor taken for none accepted)."""
    from tilelens.labelling.store import check_regular_file, read_progress

    root = Path(args.dir)
    if not root.is_dir():
        return
    try:
        check_regular_file(root / "data.yaml")
    except FileNotFoundError:
        pass  # said by each command as it is (init makes one)
    if args.action in {"accept", "teach", "export", "import"} or args.action == "init" and args.overwrite:
        read_progress(root)


def _new_id_said(root: str | Path, lang: str) -> None:
    """Say once, on stderr, that the dataset ``root`` was given a new id (``teach.dataset_id``: taken for a copy of
    another folder, which keeps the tile sets taught from it; ``teach.id_note``): its id asked first, so a copy is
    told as a command first opens it."""
    from tilelens.labelling.teach import dataset_id, id_note

    if not Path(root).is_dir():
        return
    dataset_id(root)
    note = id_note(root)
    if note is not None:
        print(PREFIX + (note.ja if lang == "ja" else note.en), file=sys.stderr)


# What would do where a dataset or a file cannot be written (``tilelens.cli.not_written_under``: "cannot write PATH
# (why): ..."), in English and Japanese: init files the photos in their own folder; export and import write elsewhere.
NOT_WRITTEN_INSTEAD = {
    "init": ("label init files the photos into images/ and labels/ in their folder: copy the photos into a folder "
             "you can write to and run it there",
             "label init は写真を同じフォルダの images/ と labels/ に分けて置きます: 書き込めるフォルダに写真を"
             "コピーして、そこで実行してください"),
    "export": ("export to a file in a folder you can write to", "書き込めるフォルダのファイルに書き出してください"),
    "import": ("import into a folder you can write to", "書き込めるフォルダに取り込んでください"),
}


def _writing(args: argparse.Namespace):
    """The writing of ``args.action``'s output (init's and import's dataset folder; export's file, and a Label Studio
    export's interface beside it): a write refused there said with what would do (``NOT_WRITTEN_INSTEAD``)."""
    from tilelens.cli import not_written_under

    out = args.dir if args.action != "export" else [Path(args.out)] + (
        [Path(args.out).with_suffix(".xml")] if args.to == "labelstudio" else [])
    return not_written_under(out, NOT_WRITTEN_INSTEAD[args.action])


def main(argv: list[str]) -> int:
    """Entry point of ``tilelens label``; returns the exit status."""
    parser, lang = _parser(), cli_lang()
    # help asked before any word (`label --help`) is argparse's; after a word that is no subcommand (`label prelabel
    # --help`), that word is said, not argparse's raw "invalid choice"
    helped = next((i for i, word in enumerate(argv) if word in {"-h", "--help"}), None)
    if not argv or argv[0] not in ACTIONS and not (helped is not None and all(w.startswith("-") for w in argv[:helped])):
        message = _subcommand_first(argv, lang)  # argparse's own said "argument action" or "invalid choice"
        if lang == "ja":  # said in Japanese already: its line as UsageLinesParser says argparse's, after the usage
            parser.print_usage(sys.stderr)
            parser.exit(2, f"{parser.prog}: エラー: {message}\n")
        parser.error(message)
    args = parser.parse_args(argv)
    if getattr(args, "game", None):
        from scorer.cli import game_named

        args.game = game_named(args.game)  # by its id or its name (乃木坂), as `tilelens score` takes it
    # every subcommand's dataset folder: there (an import may make a new one), and no file given for it
    must_be = {"init", "check", "stats", "accept", "kinds", "audit", "teach", "export"}
    refuse_loop(args.dir, ("dataset folder", "データセットのフォルダ"))  # a loop of links: no "no such folder"
    if not Path(args.dir).is_dir() and (args.action in must_be or Path(args.dir).exists()):
        from tilelens.labelling.checks import not_a_folder

        raise LabelFileError(*not_a_folder(args.dir))  # a photo given for its folder: said as a file
    _files_first(args)
    _new_id_said(args.dir, lang)
    if args.action == "init":
        with _writing(args):
            return _init(args, lang)
    if args.action in {"check", "stats"}:
        return _check(args, args.action == "check", lang)
    if args.action == "accept":
        return _accept(args, lang)
    if args.action == "kinds":
        return _kinds(args, lang)
    if args.action == "audit":
        return _audit(args, lang)
    if args.action == "teach":
        with box_tables():
            return _teach(args, lang)
    if args.action == "export":
        with _writing(args):
            return _export(args, lang)
    with _writing(args):
        return _import(args, lang)
