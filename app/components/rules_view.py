"""A game's rule tables as plain tables for the rules page, and the page's strings. What the shipped table changed
since an edit was made from it is said by ``app.components.rules_news`` (its names still importable from here)."""
from __future__ import annotations

import re
import tomllib
from typing import TYPE_CHECKING, Any

from app.components.common import as_typed, phrase_breaks
from app.components.i18n import STRINGS, attribute_name, attribute_value, game_t, lang, name_of, said, t, text_in
from scorer import Game, GameFileError
from scorer.rules import stale_amounts  # rules logic: what a description quotes, what the table pays

if TYPE_CHECKING:  # pandas is imported where a table is made, not by importing this module
    import pandas as pd

# The Rules page's own strings, key: (Japanese, English)
RULES_STRINGS: dict[str, tuple[str, str]] = {
    "shipped_changed": ("この編集の元にした同梱の表が変わりました (tilelens の更新): 編集した表は古い表のルールのまま"
                        "採点しています。下の変更を編集に書き写して保存するか、「同梱の表に戻す」で新しい表にするか、"
                        "編集した表のまま使うかを選んでください。",
                        "The shipped table has changed since this edit was made from it (tilelens was updated): the "
                        "edited table still scores by the old one's rules. Copy the changes below into the edit and "
                        "save, restore the shipped default, or keep the edit as it is."),
    "shipped_diff": ("同梱の表の変更 (- 編集の元 / + いま)", "What the shipped table changed (- the edit's / + now)"),
    "keep_edit": ("編集した表のまま使う", "Keep my edit as it is"),
    # an edit with no record of the shipped table it was made from (``settings.made_from_unknown``: saved by a
    # tilelens before the record, or by hand): its differences to today's box, the club's own changes among them
    # (its "-" lines are the club's edit: copying the "+" lines over would undo it)
    "shipped_unknown": ("この編集は古い tilelens で保存したため、元にした同梱の表がわかりません。下は編集した表と"
                        "いまの同梱の表の違いです (- 編集した表 / + いまの同梱の表)。クラブで変えた行のほかに、その後"
                        "同梱の表に加わったルールや変わったルールがないか確かめてください。あれば、そのルールだけを"
                        "編集に書き加えて保存します。なければ「編集した表のまま使う」を押してください。",
                        "This edit was saved by an older tilelens, so the shipped table it was made from is not "
                        "known. Below is how the edit differs from today's shipped table (- the edit / + shipped "
                        "now). Besides the lines your club changed, check whether the shipped table has gained or "
                        "changed rules since: if so, add just those rules to the edit and save; if not, press "
                        "“Keep my edit as it is”."),
    "shipped_unknown_diff": ("編集した表といまの同梱の表の違い (- 編集した表 / + いまの同梱の表)",
                             "How the edit differs from today's shipped table (- the edit / + shipped now)"),
    # said to a player: no config text (``local = true``), which is the organisers' and said in the editor
    "local_not_scored": ("「ローカル」の印のある役は、クラブで使うと決めたときだけ採点します (主催者が下の「表を編集」で"
                         "入れます)。",
                         "Yaku marked “local” are scored only if the club switches them on (the organiser does it "
                         "in “Edit the table” below)."),
    "local_how": ("ローカル役を使うときは、その役の `local = true` の行を消して (または `false` にして) 保存します。",
                  "To switch a local yaku on, delete its `local = true` line (or set it to `false`) and save."),
    # the yaku table on a phone (356 css px): one name column, the points, a short shape; a mark in the name cell
    "yaku_col": ("役", "Yaku"),
    "mark_local": ("ローカル", "local"),
    "mark_house": ("ハウスルール", "house"),
    "yaku_more": ("役のくわしい説明", "More about a yaku"),
    "example_hand": ("この役の手の例", "An example hand"),
    "local_note": ("ローカル役: クラブで使うと決めたときだけ採点します (主催者が下の「表を編集」で入れます)。",
                   "A local yaku: scored only if the club switches it on (the organiser does it in “Edit the "
                   "table” below)."),
    # a yaku's description quoting amounts the table does not pay for it (``stale_amounts``: an edit's points changed
    # under words that restate the old ones): in its table cell, and in its fold with what the table pays
    "stale_cell": ("(この表の点数と合いません。この表では{pays}です)", "(out of step with the table, which pays {pays})"),
    "stale_mark": ("(説明が表と合いません)", "(description out of step)"),  # in the fold's label: said while it is closed
    "stale_note": ("説明の点数はこの表の点数と合いません。説明には{quoted}とありますが、この表が払うのは{pays}です。説明は"
                   "主催者が下の「表を編集」で直せます。",
                   "Out of step with the table: this description quotes {quoted}, which the table does not pay for "
                   "this yaku. It pays {pays}; the organiser can mend the words in “Edit the table” below."),
    "pays_with_tsumo": ("{points}、ツモならほかの人から{share}ずつ", "{points} ({share} from each other player by tsumo)"),
    "house_note": ("点数はこのアプリが決めた値です。箱の得点表と違うときは、このページの「表を編集」で直せます。",
                   "Points set by this app: if your box says otherwise, change them in “Edit the table” on this "
                   "page."),
    # a club's own game added from its rules file (settings.add_game), and removed
    "add_game": ("ゲームを追加 (ルールファイルから)", "Add a game (from a rules file)"),
    "add_help": ("クラブの版などを、ルールファイル (TOML) を選ぶか貼り付けて追加します。同梱のゲームの表 (上の「表を"
                 "編集」) をコピーして id・名前・牌を変えたものから始めるのが手軽です。追加したゲームはどのページでも選べ、"
                 "ほかの表と同じように編集・削除できます。ファイルのコピーはアプリが保存します。",
                 "Add your club's own edition by choosing or pasting its rules file (.toml): a copy of a shipped "
                 "game's table (“Edit the table” above) with its id, names and tiles changed is the quickest "
                 "start. The game is then offered on every page, and is edited or removed here like any table. "
                 "The app keeps its own copy of the file."),
    # where that copy is, for whoever looks for it (the caption's help)
    "add_where": ("追加したゲームのファイルは、このパソコンの tilelens のデータフォルダに保存されます: {folder}",
                  "An added game's file is kept in tilelens's data folder on this laptop: {folder}"),
    # the same to a phone: "this computer" read as the phone, and it can act on no folder of the laptop
    "add_where_away": ("追加したゲームのファイルは、tilelens を動かしているパソコン (そのデータフォルダ) に保存されます。",
                       "An added game's file is kept on the laptop running tilelens, in its data folder."),
    # Save with the text as it is, and Restore asked first, the edits moved aside (settings.history_dir)
    "nothing_changed": ("変更がないので保存していません。表はそのままです。", "Nothing changed: the table is as it was."),
    "reset_confirm_help": ("編集した表は消さずに {folder}に移します。使い直すときは、そのファイルを {game_folder}"
                           "に戻してください。",
                           "Your edits are moved, not deleted, to {folder}: to use one again, move its file back "
                           "into {game_folder}."),
    "reset_confirm_help_away": ("編集した表は消さずに、tilelens を動かしているパソコンに残します。使い直すときは、そのパソコンで"
                                "ファイルを元の場所に戻します (主催者に頼んでください)。",
                                "Your edits are not deleted: they are kept on the laptop running tilelens. To use one "
                                "again, its file is moved back there, on that laptop (ask the organiser)."),
    "reset_confirm": ("はい、戻します", "Yes, restore it"),
    "kept_in": ("編集した表は {folder}に残してあります。", "Your edits are kept in {folder}."),
    "kept_in_away": ("編集した表は、tilelens を動かしているパソコンに残してあります。",
                     "Your edits are kept on the laptop running tilelens."),
    # a file grown by hand past the app's limit (``settings.too_large``): not opened in the editor (a text area of
    # megabytes on every run), the way out said instead; the file downloaded first, so that nothing is lost
    "too_large": ("{path}は {kb} KB あり、アプリの表の上限 {limit} KB を超えているので、ここでは開きません。残しておく"
                  "ときは先にダウンロードしてから「{button}」を押すと、このゲームをまた遊べます (ファイルは消さずに別の"
                  "フォルダへ移します)。",
                  "{path} is {kb} KB, over the {limit} KB a table in the app may be, so it is not opened here. To "
                  "keep it, download it first; then “{button}” and the game plays again (the file is moved aside, "
                  "not deleted)."),
    # the added game's own file (no table to go back to): removed, and added again once it is small enough
    "too_large_added": ("{path}は {kb} KB あり、アプリの表の上限 {limit} KB を超えているので、ここでは開きません。"
                        "先にダウンロードして、下の「{button}」でゲームを削除し、{limit} KB 以下に削ったファイルを"
                        "追加し直してください。",
                        "{path} is {kb} KB, over the {limit} KB a table in the app may be, so it is not opened here. "
                        "Download it first, then “{button}” below, and add the file again once it is cut to "
                        "{limit} KB or less."),
    "too_large_download": ("このファイルをダウンロード", "Download this file"),
    # an edit that is a link to no file (settings.dangling_edits): the game refused until it is moved aside
    "links_restore": ("{links}はその先にファイルがないリンクです。「{button}」を押すと、編集した表といっしょに "
                      "{folder}へ移し (消しません)、このゲームをまた遊べるようになります。",
                      "{links} is a link to no file. “{button}” moves it aside, with your edits, into {folder} (not "
                      "deleted), and the game plays again."),
    "links_restore_more": ("{links}はその先にファイルがないリンクです。「{button}」を押すと、編集した表といっしょに "
                           "{folder}へ移し (消しません)、このゲームをまた遊べるようになります。",
                           "{links} are links to no file. “{button}” moves them aside, with your edits, into "
                           "{folder} (not deleted), and the game plays again."),
    "links_moved": ("その先にファイルがないリンク {links}も {folder}に移しました。",
                    "The link to no file {links} was moved aside to {folder} too."),
    "links_moved_more": ("その先にファイルがないリンク {links}も {folder}に移しました。",
                         "The links to no file {links} were moved aside to {folder} too."),
    "start_whole": ("{whole} ({n}{unit})", "{whole} ({n} {unit} in the ledger)"),  # English only (_start_said)
    "tile_code": ("ID", "ID"),  # the tiles table's column of the ids a hand is typed with
    "add_file": ("ルールファイル", "Rules file"),
    "add_text": ("またはルールを貼り付け", "Or paste the rules"),
    "add_button": ("検証して追加", "Validate and add"),
    "editor_box": ("ルールの表 (TOML)", "The rules table (TOML)"),  # the editor's box: what it holds, in what
    "add_nothing": ("ルールファイルを選ぶか、ルールを貼り付けてください。", "Choose a rules file or paste the rules first."),
    "add_empty": ("追加できません。{name}は空です。ゲームが書かれていません。",
                  "Not added: {name} is empty: no game is written in it."),
    "add_not_utf8": ("追加できません。{name}は UTF-8 のテキストではありません。UTF-8 で保存し直してから追加してください。",
                     "Not added: {name} is not UTF-8 text: save it as UTF-8 and add it again."),
    "added": ("「{game}」を追加しました。どのページのゲーム選びでも選べます。",
              "Added “{game}”: every page's game picker offers it."),
    "added_table": ("クラブの表 (アプリで追加したゲームの表で、公式の表ではありません)",
                    "The club's own table (added in the app, not an official one)"),
    "added_in_use": ("アプリで追加したゲームの表で採点しています: {path}", "Scoring with the table added in the app: {path}"),
    "reset_added": ("追加したときの表に戻す", "Restore the table as added"),
    "reset_added_done": ("追加したときの表に戻しました。", "The table as added is back."),
    "remove": ("このゲームを削除", "Remove this game"),
    "remove_help": ("アプリで追加したこのゲームを選べなくします。ファイルと編集した表は消さずに別のフォルダへ移します "
                    "(成績表の対局は残ります)。",
                    "Takes this added game off the pickers; its file and edited tables are moved aside, not deleted "
                    "(the ledger keeps its matches)."),
    # the tile sets taught for the added game's file (``resources.taught_with_file``) read with that file
    "remove_sets": ("このゲームのファイルで読む牌セット ({sets}) は、削除すると読めなくなります (ファイルを追加し直すと"
                    "また読めます)。",
                    "The tile sets taught for it ({sets}) read with its file: removed, they cannot read until that "
                    "file is added again."),
    "removed_sets": ("このゲームのファイルで読む牌セット ({sets}) は、そのファイルを追加し直すまで読めません。",
                     "The tile sets taught for it ({sets}) cannot read until that file is added again."),
    # what of a game file the organiser may change ([house] defaults), said beside "Official table" or "The club's
    # own table" without calling that table a house table
    "house_parts": ("主催者が変更できる項目: {parts}", "Defaults the organiser may change: {parts}"),
    # who pays what (the Rules page's table rules, from the game's [payout], [win], [chombo] and [table])
    "pay_ron": ("ロンでは、捨てた人が全部払います。", "By ron the discarder pays it all."),
    "pay_tsumo_up": ("ツモでは、ほかの人で分けて払います。1人分は {step}単位に切り上げます ({players}人で {value}なら"
                     "1人 {share}ずつ)。",
                     "By tsumo the others split it, each share rounded up to {step} ({value} -> {share} from each at "
                     "{players} players)."),
    "pay_tsumo_even": ("ツモでは、ほかの人で等分して払います。端数は、払う人どうしのじゃんけんで負けた人が払います。",
                       "By tsumo the others split it evenly; a remainder is paid by the payer who loses "
                       "rock-paper-scissors."),
    "pay_nearest": ("1つの捨て牌で2人以上がロンしたときは、捨てた人から時計回りで近い人だけが上がります。",
                    "When several players ron one discard, only the one nearest the discarder clockwise wins."),
    "pay_each": ("1つの捨て牌で2人以上がロンでき、捨てた人がそれぞれに全額払います。",
                 "Several players may ron one discard: the discarder pays each in full."),
    # a game whose file leaves several ron to each match (``[table] multiple_ron``): the ledger's box named
    "pay_one": ("1つの捨て牌で2人以上がロンしたときは、上がるのは1人だけです (卓で決めます)。",
                "When several players ron one discard, only one of them wins (the table settles which)."),
    "pay_each_if": ("対局を始めるときに「{box}」を選ぶと、捨てた人がそれぞれに全額払います。",
                    "With “{box}” ticked when the match starts, the discarder pays each in full."),
    "pay_one_if": ("対局を始めるときに「{box}」を外すと、上がるのは1人だけです。",
                   "With “{box}” unticked when the match starts, only one of them wins."),
    # the favourite idol (Cinderella Girls' 担当, ``[payout] favourite_multiplier``), which a house rule may drop
    "pay_favourite": ("上がった人の手牌に自分の担当アイドルがあれば、支払いは{n}倍です (オールマイティでの代わりは数えません)。"
                      "ハウスルールで使わないときは、主催者が下の「表を編集」で外せます。",
                      "If the winner holds their own favourite idol in the winning hand, the payout {times} "
                      "(an Almighty standing for it does not count). A house that plays without it: the organiser "
                      "switches it off in “Edit the table” below."),
    "favourite_how": ("担当アイドルの倍付けを使わないときは、`favourite_multiplier = 1` にして保存します。",
                      "To play without the favourite idol's bonus, set `favourite_multiplier = 1` and save."),
    "no_ron_almighty": ("捨てられたオールマイティではロンできません。", "No ron on a discarded Almighty."),
    # a group kind's ``max_almighty`` (Yokai Watch's and Nogizaka's sets: one each), by the group's name
    "almighty_per_group": ("オールマイティは1つの{group}に{n}枚までです。", "At most {n} in a {group}."),
    "almighty_none_in_group": ("{group}にはオールマイティを使えません。", "No Almighty in a {group}."),
    "chombo_cases": ("チョンボ: {cases}。", "Chombo: {cases}."),
    "chombo_false-win": ("上がっていない手で上がりを宣言する", "declaring a win with a hand that does not win"),
    "chombo_ron-on-own-discard": ("自分の捨てた牌でロンする", "ron on your own discard"),
    "chombo_win-on-almighty": ("オールマイティで上がる", "winning on an Almighty"),
    "removed": ("「{game}」を削除しました。ファイルは {folder}に移しました (そのファイルを追加し直すと戻ります)。",
                "Removed “{game}”. Its file is kept in {folder} (add that file again to bring it back)."),
    # what the shipped table changed since an edit (``changes_since``): the names of tiles and units alone, one line
    # ({what}: which names, news_names_ja ...), and a tile's side of a change where more than its attributes differ
    "news_names": ("牌とユニットの名前 {n}件 ({what})", "Names of {n} tiles and units ({what})"),
    "news_names_one": ("牌とユニットの名前 {n}件 ({what})", "The names of one tile or unit ({what})"),
    "news_names_ja": ("日本語の名前", "Japanese names"),
    "news_names_en": ("英語名", "English names"),
    "news_readings": ("読み", "readings"),
    "news_aliases": ("別の表記", "other spellings"),
    "news_not_almighty": ("オールマイティではない", "not Almighty"),
    "news_stands_for": ("代わりになれる牌 {what}", "stands for {what}"),
    "news_any": ("すべて", "any tile"),
    "news_a_rule": ("ルール", "A rule"),  # a rule of the table's rules changed: 「ルール: いまの同梱の表では「…」、…」
    # the house table's label where the table in use is an organiser's edit ("House table (a default ...)" was said
    # under "Scoring with the edited table")
    "house_table_edited": ("ハウスルール (主催者が編集した表)", "House table (as the organiser edited it)"),
    # the changes listed and left unticked by a take (the Rules page's): kept as the edit has them, and not listed
    # again (the edit now counts as made from today's shipped table)
    "news_left": ("残りの{n}件は編集した表のままにしました。この一覧にはもう出しません (変えるときは、下の「表を編集」で"
                  "直してください)。",
                  "The {n} left unticked stay as your edit has them and are not listed again (change them in “Edit "
                  "the table” below)."),
    "news_left_one": ("残りの{n}件は編集した表のままにしました。この一覧にはもう出しません (変えるときは、下の「表を編集」"
                      "で直してください)。",
                      "The {n} left unticked stays as your edit has it and is not listed again (change it in “Edit "
                      "the table” below)."),
    # the take button tapped on a page left open while another device or tab took the changes (or kept the edit)
    # a change that would give a tile a name another tile has in the edit (the club renamed one tile, the update another
    # to the same name): said as the reason it cannot be taken in alone (``news_alone``'s {why}), the tiles named
    "news_name_clash": ("牌「{tile}」の名前が「{name}」になり、編集した表の牌「{other}」と同じ名前になります",
                        "the tile “{tile}” would be named “{name}”, the name the tile “{other}” has in your edit"),
    "news_name_clash_more": ("ほか{n}件", "and {n} more"),
    # what changes totals, said from the game's data (session 56; before, the README alone said them): several ron on
    # one discard at a riichi table (the ledger's head bump, ``tilelens.ledger.replay``) and a third ron on it
    "pay_double_ron": ("1つの捨て牌で2人以上がロンできます (ダブロン)。放銃者がそれぞれに全額払い、場の{what}は放銃者から"
                       "順番でいちばん近い人が受け取ります。",
                       "Several players may ron one discard (a double ron): the discarder pays each in full, and the "
                       "{what} on the table go to the winner nearest the discarder in turn order."),
    "pay_double_ron_plain": ("1つの捨て牌で2人以上がロンできます (ダブロン)。放銃者がそれぞれに全額払います。",
                             "Several players may ron one discard (a double ron): the discarder pays each in full."),
    "what_sticks": ("リーチ棒", "riichi sticks"),
    "what_honba": ("本場", "honba"),
    "what_sticks_honba": ("リーチ棒と本場", "riichi sticks and honba"),
    "triple_ron": ("1つの捨て牌に3人がロンすると三家和 (途中流局) で、上がりにはなりません。支払いはなく、途中流局として"
                   "記録します。",
                   "Three rons on one discard are an abortive draw (triple ron), not three wins: nobody pays, and it "
                   "is recorded as an abortive draw."),
    # riichi mahjong's abortive draws (途中流局), the kinds the ledger records at the table
    # (``tilelens.ledger.abortive_kinds``: the last of {kinds} joined with "or"), and what one does (``tilelens.ledger.replay``): the dealer's words as the
    # table counts honba, the sticks' where it puts some down
    "abortive_draw": ("途中流局 ({kinds}) では、誰も上がらずに局が終わります。支払いはなく、{deal}。{sticks}",
                      "An abortive draw ({kinds}) ends a hand with no winner: nobody pays, and {deal}.{sticks}"),
    "abortive_deal_honba": ("親が続けて1本場積みます", "the dealer deals again with one more honba"),
    "abortive_deal": ("親が続けます", "the dealer deals again"),
    "abortive_sticks": ("出されたリーチ棒は場に残ります。", " The riichi sticks stay on the table."),
    # a Donjara table that lets several players ron one discard and puts down a riichi chip: the ledger takes two
    # winners on one discard, and a Donjara game has no abortive draw: three rons are a hand nobody won
    # (``tilelens.ledger.Ledger._check_same_discard``; the ledger page's button of that name records it)
    "third_ron_donjara": ("この卓では1つの捨て牌で上がれるのは2人までです。3人がロンした局は上がりにならず、誰も"
                          "上がらなかった局として記録します (支払いはありません)。",
                          "At this table a discard takes two winners at most: three rons on one discard are not three "
                          "wins, and the hand is recorded as one nobody won (nobody pays)."),
    # the riichi sticks (a Donjara game's chips) still on the table when the match ends: in no one's total
    "left_at_end": ("対局が終わったときに場に残っているリーチ棒は、誰のものにもなりません。",
                    "Riichi sticks still on the table when the match ends go to nobody."),
    "left_at_end_chips": ("対局が終わったときに場に残っているリーチのチップは、誰のものにもなりません。",
                          "Riichi chips still on the table when the match ends go to nobody."),
    "per_match_options": ("これはこの卓の既定です。ウマ・返し点・終了時に残ったリーチ棒の行き先は、成績表のページの"
                          "「新しい対局」で対局ごとに決められます。",
                          "These are the table's own: the ledger page's New match can set uma, return points (oka) and "
                          "who gets the riichi sticks left at the end, for each match."),
    "no_uma": ("ウマ・オカはありません。終了時の持ち点がそのまま結果です (同点は同順位)。",
               "No uma or oka: the totals at the end are the result (equal totals share a place)."),
    # session 57: a club's table (``[table] leftover_sticks = "top"``, ``ends_at_or_below = false``)
    "left_at_end_top": ("対局が終わったときに場に残っているリーチ棒は、トップの最終スコアに入ります (同点のトップは等分)。",
                        "Riichi sticks still on the table when the match ends go to the top player (tied tops share "
                        "them), in the final score."),
    "no_bust": ("持ち点がマイナスになっても対局は終わりません (トビなし)。",
                "The match does not end when a player goes below 0: play goes on."),
    # ``[riichi] double_yakuman`` (the mahjong package's double yakuman: these four)
    "double_yakuman_on": ("ダブル役満あり: 国士無双十三面待ち・四暗刻単騎・純正九蓮宝燈・大四喜は役満2つ分です。",
                          "Double yakuman count double: a 13-sided kokushi, a suuankou on a single wait, a pure nine "
                          "gates and big four winds are each worth two yakuman."),
    "double_yakuman_off": ("ダブル役満なし: 国士無双十三面待ち・四暗刻単騎・純正九蓮宝燈・大四喜も役満1つ分です。",
                           "No double yakuman: a 13-sided kokushi, a suuankou on a single wait, a pure nine gates "
                           "and big four winds are each worth one yakuman, as any other."),
    # session 57, a riichi club referee's asks: each option of ``[riichi]`` said as the scorer applies it
    # (``scorer.riichi_hand``): yakuman adding up (``combined_yakuman``), 13+ han of ordinary yaku (``kazoe_limit``),
    # ``kiriage``, ``renhou``, ``double_wind_pair_fu``, ``nagashi``, and a table of fewer than four
    "yakuman_combined": ("役満は複合します。役満が2つある手は役満2つ分です。",
                         "Yakuman add up: a hand with two yakuman is paid as two."),
    "yakuman_one": ("役満は複合しません。役満が2つ以上ある手も、いちばん高い役満1つ分{double}だけです。",
                    "Yakuman do not add up: a hand with several yakuman is paid for its dearest one alone{double}."),
    "yakuman_one_double": (" (ダブル役満なら役満2つ分)", " (a double yakuman as two)"),
    "kazoe_yakuman": ("数え役満あり: 役満の役がなくても、役とドラで13翻以上なら役満1つ分です。",
                      "Counted yakuman (kazoe): 13 han or more of ordinary yaku and dora is paid as one yakuman."),
    "kazoe_sanbaiman": ("数え役満なし: 役とドラで13翻以上でも三倍満です。",
                        "No counted yakuman: 13 han or more of ordinary yaku and dora is paid as a sanbaiman."),
    "kazoe_none": ("数え役満に上限なし: 役とドラで13翻以上は役満1つ分、13翻増えるごとに役満1つ分増えます (26翻で"
                   "ダブル役満)。",
                   "Counted yakuman without a cap: 13 han or more of ordinary yaku and dora is paid as one yakuman, "
                   "and each 13 han more as one more (26 han: a double yakuman)."),
    "kiriage_on": ("切り上げ満貫あり: 4翻30符と3翻60符は満貫です。",
                   "Kiriage mangan: 4 han 30 fu and 3 han 60 fu are paid as a mangan."),
    "kiriage_off": ("切り上げ満貫なし: 4翻30符 (子 7,700点) と3翻60符は満貫になりません。",
                    "No kiriage mangan: 4 han 30 fu (7,700 to a non-dealer) and 3 han 60 fu stay below a mangan."),
    "renhou_5han": ("人和 (ローカル役。子が、誰も鳴いていない最初のツモより前にロンで上がること) は5翻で、ほかの役と"
                    "複合します。",
                    "Renhou (a non-dealer's ron before their first draw, no call made; a local yaku) is 5 han, added "
                    "to the hand's other yaku."),
    "renhou_mangan": ("人和 (ローカル役。子が、誰も鳴いていない最初のツモより前にロンで上がること) は満貫です。人和なし"
                      "の手のほうが高ければ、その点数です。",
                      "Renhou (a non-dealer's ron before their first draw, no call made; a local yaku) is a mangan: "
                      "the hand's own value without it where that is more."),
    "renhou_yakuman": ("人和 (ローカル役。子が、誰も鳴いていない最初のツモより前にロンで上がること) は役満です。",
                       "Renhou (a non-dealer's ron before their first draw, no call made; a local yaku) is a "
                       "yakuman."),
    "renhou_none": ("人和なし: 最初のツモの前のロンも、ほかのロンと同じく手の役で採点します。",
                    "No renhou: a ron before one's first draw is scored by the hand's own yaku, as any ron."),
    "double_wind_4": ("連風牌 (自風と場風が同じ風) の雀頭は4符です。",
                      "A pair of the wind that is both seat and round wind is 4 fu."),
    "double_wind_2": ("連風牌 (自風と場風が同じ風) の雀頭は2符です (役牌の雀頭と同じ)。",
                      "A pair of the wind that is both seat and round wind is 2 fu, as any pair of value tiles."),
    "nagashi_on": ("流し満貫あり: 流局のとき、捨て牌がすべて么九牌で1枚も鳴かれていない人は、ノーテン罰符の代わりに"
                   "満貫のツモと同じく受け取ります (親は全員から4,000点ずつ、子は親から4,000点、ほかの子から2,000点ずつ。"
                   "本場はつきません)。",
                   "Nagashi mangan: at an exhaustive draw, a player whose discards are all terminals and honours, "
                   "none of them called, is paid as a mangan tsumo in place of the noten payments (a dealer 4,000 "
                   "from each; a non-dealer 4,000 from the dealer and 2,000 from each other player; no honba)."),
    # at a table of three (``[riichi] players = 3``): the ledger pays it as a mangan tsumo at three, the north's
    # share paid by nobody, whatever ``tsumo_loss`` says of a tsumo (``scorer.riichi_pay.nagashi_transfers``; SCHEMA)
    "nagashi_on_three": ("流し満貫あり: 流局のとき、捨て牌がすべて么九牌で1枚も鳴かれていない人は、ノーテン罰符の代わりに"
                         "3人での満貫のツモと同じく受け取ります (親はほかの2人から4,000点ずつで8,000点、子は親から"
                         "4,000点、もう1人の子から2,000点で6,000点。本場はつきません)。",
                         "Nagashi mangan: at an exhaustive draw, a player whose discards are all terminals and "
                         "honours, none of them called, is paid as a mangan tsumo at three in place of the noten "
                         "payments (a dealer 4,000 from each of the other two, 8,000; a non-dealer 4,000 from the "
                         "dealer and 2,000 from the other player, 6,000; no honba)."),
    "nagashi_unsplit": ("北家の分はツモのように折半しません (誰も払いません)。",
                        "The north's share is not split between the two as a tsumo's is: nobody pays it."),
    "nagashi_off": ("流し満貫なし: 流局ではノーテン罰符だけを払います。",
                    "No nagashi mangan: an exhaustive draw pays only the noten payments."),
    "fewer_players": ("3人 (北家なし) では、ツモは残りの2人だけが払います (北家の分はなくなります)。",
                      "At three players (no north seat) a tsumo is paid by the other two alone: the north's share "
                      "is not paid."),
    # ``[riichi] tsumo_loss = false`` (北家折半): the empty seat's share split, each part rounded up to 100
    "fewer_players_split": ("3人 (北家なし) では、ツモの北家の分を残りの2人で半分ずつ払います (北家折半。それぞれ100点"
                            "単位に切り上げます): 子の満貫のツモは3,000点・5,000点、親の満貫のツモは6,000点オールです。",
                            "At three players (no north seat) the north's share of a tsumo is split between the other "
                            "two, each part rounded up to 100: a non-dealer's mangan tsumo is 3,000/5,000, a dealer's "
                            "6,000 all."),
    # a sanma set (``scorer.riichi_hand.sanma_set``: a table of three, or a tile list without 2m-8m)
    "sanma_set": ("三人麻雀の牌 (2萬〜8萬なし) で打ちます。ドラ表示牌が1萬のときのドラは9萬です。",
                  "The table plays the three-player set (2m to 8m left out): the dora indicator 1m makes 9m dora."),
    "chi_at_three_off": ("3人ではチーはできません (チーした手は採点しません)。",
                         "No chi at three: a hand with a chi is not scored."),
    "chi_at_three_on": ("3人でもチーができます。", "Chi is allowed at three."),
    "nukidora_on": ("抜きドラあり: 抜いた北は1枚ごとにドラ1つです (ドラ表示牌が西なら、その1枚ごとにもう1つ。リーチなら"
                    "裏ドラも)。抜いた枚数は採点のページの「抜きドラ」で入れます。",
                    "Nukidora: each north set aside (kita) is a dora (one more for every dora indicator showing "
                    "west; ura dora too under riichi); the score pages ask how many (“Nukidora”)."),
    "nukidora_off": ("抜きドラなし: 北はふつうの字牌です (抜いてドラにはしません)。",
                     "No nukidora: a north is a plain honour tile, not set aside as a dora."),
    "fewer_noten": ("ノーテン罰符は3人でも合計{n}です (1人テンパイなら2人が{half}ずつ、2人テンパイなら1人が{half}ずつ"
                    "払います)。",
                    "The noten payments are {n} in all at three players too (two noten players pay {half} each; one "
                    "pays {half} to each tenpai player)."),
    "mangan_cell": ("満貫", "mangan"),  # renhou's worth in the yaku table under ``[riichi] renhou = "mangan"``
    # a chombo's penalty as the ledger shares it (``tilelens.ledger.chombo_payments``), at the game's usual table
    "chombo_split": ("{players}人なら、ほかの{others}人に{share}ずつです。",
                     "At {players} players that is {share} to each of the other {others}."),
    "chombo_split_uneven": ("{players}人なら、チョンボした人の次の人から順に {shares}を受け取ります (等分できないチップは"
                            "先の人へ)。",
                            "At {players} players the others are paid {shares}, in turn order from the player after "
                            "the one who made it (the chip that does not share evenly goes to the first)."),
    # what an Almighty of the game may stand for (``stands_for``): Nogizaka's colour Almighty, 同じ色のメンバー牌の代わり
    "almighty_own": ("{names}は、同じ{attr}の牌の代わりにだけ使えます。", "{names} stands only for a tile of its own {attr}."),
    "almighty_own_more": ("{names}は、それぞれ同じ{attr}の牌の代わりにだけ使えます。",
                          "{names} each stand only for a tile of their own {attr}."),
    "almighty_whose": ("{name}は、{attr}が{value}の牌の代わりにだけ使えます。",
                       "{name} stands only for a tile whose {attr} is {value}."),
    "almighty_any": ("{names}はどの牌の代わりにも使えます。", "{names} stands for any tile."),
    "almighty_any_more": ("{names}はどの牌の代わりにも使えます。", "{names} stand for any tile."),
    "news_taken_already": ("同梱の表の変更は、ほかの端末かタブでもう取り込まれています (または編集した表のまま使うことに"
                           "なりました)。取り込むものは残っていません。",
                           "The shipped table's changes were already taken in (or the edit kept as it is) on another "
                           "device or tab: there is nothing left to take."),
}


def rules_text(key: str, **fmt: Any) -> str:
    """A string of the Rules page in the screen's language."""
    return text_in(RULES_STRINGS, key, **fmt)


def house_parts(game: Game) -> list[str]:
    """The parts of the game file that are house-table defaults (``[house] defaults``), as written there.
    ``GameFileError`` naming the field for a ``[house]`` table of the wrong kind: the riichi engine does not
    read it, so a riichi table's is checked here only (``defaults = 5`` was a traceback on the Rules page)."""
    house = game.rules.get("house", {}) if hasattr(game.rules, "get") else {}
    return house_defaults(house, game.source or game.id)


def house_defaults(house: Any, source: str) -> list[str]:
    """``[house] defaults`` of a game file's ``house`` table, checked as the Donjara engine checks it (each a part
    of a game file: a riichi file's too, which its engine does not read)."""
    from scorer.rules import house_defaults as read

    return list(read(source, house))


def check_house_text(text: str, said_en: str = "the edited rules", said_ja: str = "編集したルール") -> None:
    """``GameFileError`` for a ``[house]`` table of the wrong kind in an edited game file's text, before it
    is saved (the engines' checks do not reach a riichi table's). Text that is not TOML is left to the save,
    which says where. ``said_en``/``said_ja``: the text as the save names it (``settings.save_house_table``'s "the
    edited rules"; a game added, ``settings.add_game``'s "the added rules", 「追加するルール」)."""
    try:
        data = tomllib.loads(text)
    except (ValueError, RecursionError):  # not TOML (TOMLDecodeError), a number too long, nesting too deep
        return
    try:
        house_defaults(data.get("house", {}), said_en)
    except GameFileError as exc:  # named as the save names the text being edited
        raise GameFileError(str(exc), exc.message_ja.replace(said_en, said_ja, 1)) from None


def house_parts_said(game: Game) -> str:
    """``house_parts`` as the screen says them ("tiles" -> "牌の一覧"), listed with the language's comma."""
    return ("、" if lang() == "ja" else ", ").join(t(f"part_{p}") if f"part_{p}" in STRINGS else p for p in house_parts(game))


def has_local_yaku(game: Game) -> bool:
    """Whether ``game`` lists local yaku, which the app does not score (``local = true``)."""
    if game.engine == "riichi":
        return False
    from scorer.rules import donjara_rules

    return any(y.local for y in donjara_rules(game).yaku)


def yaku_table(game: Game) -> tuple[pd.DataFrame, bool]:
    """The yaku as a phone shows them (356 css px: five columns were cut at the right edge, and 「基本/セッ/ト」
    broke in a 48 px column): one name column in the screen's language, the Japanese name in brackets under it on
    an English screen (the name printed on the box), a local or house yaku marked by a short word after its name;
    the points (a riichi yaku's han closed and open); a Donjara yaku's shape, short (``short_shape``: the whole of
    it is in the yaku's expander, ``yaku_details``). Cells are markdown (``st.table``): a hard break between the
    names. And whether it is a house table."""
    import pandas as pd

    name = rules_text("yaku_col")
    if game.engine == "riichi":
        from scorer.riichi_rules import rules_for, yaku_values

        # a local yaku (renhou, open riichi: not in the game's list nor at WRC or EMA tables) marked "local"
        rows = [{name: name_cell(v.name_ja, v.name_en, rules_text("mark_local") if v.local else ""),
                 t("han_closed"): han_text(v.han_closed, v.yakuman, v.limit),
                 t("han_open"): han_text(v.han_open, v.yakuman, v.limit)} for v in yaku_values(rules_for(game))]
        return pd.DataFrame(rows), "yaku" in house_parts(game)
    from scorer.rules import donjara_rules

    rules = donjara_rules(game)
    yaku = rules.yaku
    rows = [{name: name_cell(y.name_ja, y.name_en, _mark(y)), value_head(game): y.points,
             t("shape"): _shape_cell(game, rules, y)} for y in yaku]
    return pd.DataFrame(rows), rules.stand_in_yaku or "yaku" in house_parts(game)


def value_head(game: Game) -> str:
    """The Donjara yaku table's value column, with the game's unit where it counts in another than points: 「点数 (万)」,
    "Value (x10,000 fans)" (a bare 60 read as 60 points in a game whose photo page says 「60万」); 「点数」, "Value"."""
    from tilelens.ledger import game_units

    unit = game_units(game).get(lang(), "")
    return t("value") if unit in ("", "点", "points") else f"{t('value')} ({unit})"


def _shape_cell(game: Game, rules, yaku) -> str:
    """A Donjara yaku's shape cell (``short_shape``, markdown), said out of step with the table where it quotes an
    amount the table does not pay for the yaku (``stale_amounts``: a club's 90 under the words "ron 60")."""
    shape = short_shape(game, rules, yaku)
    if not stale_amounts(game, yaku, shape):
        return _md(shape)
    from tilelens.ledger import game_units

    pays = _amount(yaku.points, game_units(game))
    return f"{_md(shape)} {rules_text('stale_cell', pays=_md(pays))}"  # a bracket: spaced in both languages


def _listed(parts: list[str]) -> str:
    """Amounts listed in a sentence: 「60点、20点」, "60 points and 20 points"."""
    if lang() == "ja" or len(parts) < 2:
        return "、".join(parts)
    return f"{', '.join(parts[:-1])} and {parts[-1]}"


def _pays_said(game: Game, yaku) -> str:
    """What the table pays for ``yaku``, in words: its points with the game's unit, and where each share of a tsumo
    is one amount at the game's usual table, that share ("90 points (30 points from each other player by tsumo)")."""
    from scorer.payout import payments
    from scorer.rules import donjara_rules
    from tilelens.ledger import game_units

    rules, units = donjara_rules(game), game_units(game)
    shares = {p.amount for p in payments(rules.payout, yaku.points, "tsumo", rules.win.players_default)}
    if len(shares) != 1:
        return _amount(yaku.points, units)
    return rules_text("pays_with_tsumo", points=_amount(yaku.points, units), share=_amount(shares.pop(), units))


def _mark(yaku) -> str:
    """A local or house yaku's short word in its name cell ("" for neither)."""
    return rules_text("mark_local") if yaku.local else rules_text("mark_house") if yaku.default else ""


def _md(text: str) -> str:
    """``text`` as plain text in a markdown cell: the characters markdown reads escaped."""
    return re.sub(r"([\\`*_\[\]<>#|~$])", r"\\\1", text)


def name_cell(name_ja: str, name_en: str, mark: str = "") -> str:
    """A yaku's name cell: its name in the screen's language with its mark ("SP Live Set A (local)"); on an English
    screen the Japanese name in brackets on a line under it (the name printed on the box), unless it is the same.
    A Japanese screen says no English (``tests/app/test_japanese_screens.py``). A name's words are told apart for a
    narrow column (``phrase_breaks``: 「スタート|ダッシュ|ライブ|ユニット」)."""
    ja = lang() == "ja"
    shown = (name_ja if ja else name_en) or name_ja or name_en
    cell = _md(phrase_breaks(shown)) + (f" ({mark})" if mark else "")
    if not ja and name_ja and name_ja != shown:
        cell += f"  \n({_md(phrase_breaks(name_ja))})"
    return cell


def _cells(text: str) -> int:
    """``text``'s width in display cells: a Japanese character is two."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


SHORT_CELLS = 52  # a shape of two or three short lines of its column on a phone (a Japanese character two cells)


def short_shape(game: Game, rules, yaku) -> str:
    """A yaku's shape for its table cell, in the screen's language: what it needs (``yaku_needs``: the file's
    description, else its groups) without the description's bracketed asides, and where still long, its first clause ("three
    3-member units: one all-Cute, ..." -> "three 3-member units"); the whole is in the yaku's expander. Left whole
    where that clause is what another yaku's cell says (a club's "All gens", "three sets of one member each, from
    three generations", is not its "Basic set", "three sets of one member each")."""
    whole, cut = _shape_cut(game, rules, yaku)
    if cut == whole:
        return whole
    others = (_shape_cut(game, rules, y)[1] for y in rules.yaku if y.id != yaku.id)
    return whole if cut in others else cut


def _shape_cut(game: Game, rules, yaku) -> tuple[str, str]:
    """A yaku's shape in the screen's language without the description's bracketed asides, and that cut to its
    first clause where long (``short_shape``, before it looks at the other yaku's)."""
    from scorer.engine import yaku_needs

    text = said(*yaku_needs(game, rules, yaku))
    if yaku.description_ja if lang() == "ja" else yaku.description:  # the file's words: their asides dropped
        text = re.sub(r"\s*[(（][^()（）]*[)）]", "", text).strip()  # (an account's "セット (3枚) を3組" kept whole)
    if _cells(text) > SHORT_CELLS:
        cut = min((i for i in (text.find(sep) for sep in (": ", "：", ", ", "、")) if i > 0), default=-1)
        if cut > 0 and _cells(text[:cut]) >= 10:
            return text, text[:cut]
    return text, text


def yaku_details(game: Game) -> list[tuple[str, list[str]]]:
    """For each Donjara yaku with more to say than its row: its expander's label (name and value with the game's
    unit: 「シンフォニーセット · 24万」, "Basic set · 60 points") and lines (its whole shape where the row's is short;
    what a local or house yaku means, in a player's words). A house yaku's aside in the file (Yokai's "(a house-table
    default until the real score sheet is supplied)") is not said: the house note says it plainly. None for a riichi
    game (its rows say it all)."""
    return [(label, lines) for _, label, lines in yaku_folds(game, examples=False)]


def yaku_folds(game: Game, examples: bool = True) -> list[tuple[Any, str, list[str]]]:
    """The Donjara yaku's expanders (``yaku_details``), each with its yaku: one for each yaku with more to say than
    its row, or (``examples``) with an example hand to draw (``scorer.deal.example_hand``), in the table's order."""
    if game.engine == "riichi":
        return []
    from scorer.deal import example_hand
    from scorer.engine import yaku_needs
    from scorer.rules import donjara_rules
    from tilelens.ledger import game_units

    rules = donjara_rules(game)
    out = []
    for y in rules.yaku:
        whole = said(*yaku_needs(game, rules, y)) if y.default else yaku_shape(game, rules, y)
        lines = [_md(whole)] if whole != short_shape(game, rules, y) else []
        if stale := stale_amounts(game, y, whole):  # the truth beside words that restate old amounts
            lines.append(rules_text("stale_note", quoted=_listed([_amount(n, game_units(game)) for n in stale]),
                                    pays=_md(_pays_said(game, y))))
        if y.local:
            lines.append(rules_text("local_note"))
        if y.default:
            lines.append(rules_text("house_note"))
        if lines or (examples and example_hand(game, y) is not None):
            name = (y.name_ja if lang() == "ja" else y.name_en) or y.name_ja or y.name_en
            # an expander's label is markdown; its value with the game's unit, as the photo page says a yaku's
            # (「シンフォニーセット · 24」 read as 24 points in a game of 「24万」)
            label = f"{as_typed(name)} · {_amount(y.points, game_units(game))}"  # out of step: said closed too
            out.append((y, f"{label} {rules_text('stale_mark')}" if stale else label, lines))
    return out


def organiser_notes(game: Game) -> list[str]:
    """How the config keys a player is told about in words are set, for the organisers' editor."""
    if game.engine == "riichi":
        return []
    from scorer.rules import donjara_rules

    rules = donjara_rules(game)
    notes = [rules_text("local_how")] if any(y.local for y in rules.yaku) else []
    if rules.payout.favourite_multiplier > 1:
        notes.append(rules_text("favourite_how"))
    return notes


def yaku_shape(game: Game, rules, yaku) -> str:
    """A yaku's shape in the screen's language: its description as the file writes it (its aside too), else what
    its groups need (``scorer.engine.yaku_needs``, as ``tilelens games --yaku`` says it): a yaku the file describes
    not had an empty cell, and one described in English only was English on a Japanese screen."""
    from scorer.engine import yaku_needs

    if not (yaku.description_ja if lang() == "ja" else yaku.description):
        return said(*yaku_needs(game, rules, yaku))
    return said(yaku.description, yaku.description_ja)


def han_text(han: int, yakuman: int, limit: str = "") -> str:
    """A riichi yaku's worth in a table cell: "2 han", "yakuman", "double yakuman", "mangan" (``limit``: renhou as
    a mangan), or "—" where the yaku cannot be had (an open hand's column of a closed-only yaku)."""
    if not han:
        return "—"
    if limit == "mangan":
        return rules_text("mangan_cell")
    if yakuman:
        return t("double_yakuman") if yakuman > 1 else t("yakuman")
    return t("han", n=han)


def tiles_table(game: Game) -> pd.DataFrame:
    """The game's tiles: code (as typed), names, copies, attributes, Almighty (where the game has one: a riichi game's
    table had an empty Donjara column). The headers are words, capitalised as the names' ("id", "copies" beside
    "Name (ja)" read as a program's)."""
    import pandas as pd

    def header(attr: str) -> str:
        name = attribute_name(attr, game)
        return name[:1].upper() + name[1:]

    almighty = any(kind.almighty for kind in game.tiles)
    kinds = {kind.id: kind for kind in game.tiles}
    rows = []
    for kind in game.tiles:
        row = {rules_text("tile_code"): kind.id, t("name_ja"): kind.name_ja, t("name_en"): kind.name_en,
               header("copies"): kind.copies}
        if almighty:
            row[header("almighty")] = "✓" if kind.almighty else ""
        # the values and their attribute as the game's file names them first (``[attribute_values]``), as the
        # filter and the tiles' names say them: Nogizaka's colour column said 黄 and 緑 beside イエロー and グリーン
        # a value that is a tile's id (Nogizaka's member) said by that tile's name, as the tile is named beside it
        # (the column said misa-senpai in both languages); an attribute a tile lacks (an Almighty's member) blank,
        # not NaN
        row.update({header(a): name_of(kinds[v]) if isinstance(v, str) and v in kinds and not kinds[v].almighty
                    else attribute_value(a, v, game) for a, v in kind.attrs.items()})
        rows.append(row)
    return pd.DataFrame(rows).fillna("")


def _rotation(keeps_on_win: bool, keep_on_draw: Any, after_draw: str) -> str:
    """How the deal moves, said once: a deal that moves every hand moves after a draw too ("The deal moves on every
    hand. After a draw it moves on." said it twice); the sentences joined as the language joins them (no space
    between Japanese ones)."""
    from tilelens.ledger import DrawKeep

    if not keeps_on_win and keep_on_draw is DrawKeep.NEVER:
        return t("sum_dealer_moves")
    return (" " if lang() == "en" else "").join((t("sum_dealer_keeps") if keeps_on_win else t("sum_dealer_moves"),
                                                 after_draw))


def _amount(n: int, units: dict[str, str]) -> str:
    """``n`` with the game's unit in the screen's language, as the ledger says it (``amount_in``): "1,000点",
    "100万"; "1,000 points", "100 x10,000 fans" (it said "1,000,000 fans" where the standings said 100)."""
    from tilelens.ledger import amount_in

    return amount_in(n, units, lang())


def _figure(n: int, units: dict[str, str]) -> str:
    """``n`` as a summary line's figure: with the game's unit in Japanese (「ロンは300点」, 「1,000点以下」: a bare 300 was
    no amount), bare in English, whose sentence says what it counts ("adds 300 to a ron")."""
    return _amount(n, units) if lang() == "ja" else f"{n:,}"


def _start_said(n: int, units: dict[str, str]) -> str:
    """The starting total: in English, a unit of many ("x10,000 fans") said as the whole number first, the ledger's
    count after it: "1,000,000 fans (100 x10,000 in the ledger)" ("starts with 100 x10,000 fans" read oddly);
    as ``_amount`` otherwise ("100万", "25,000 points")."""
    import re

    times = re.fullmatch(r"x([\d,]+) (.+)", units.get("en", "")) if lang() == "en" else None
    if times is None:
        return _amount(n, units)
    whole = n * int(times[1].replace(",", ""))
    return rules_text("start_whole", whole=f"{whole:,} {times[2]}", n=f"{n:,}", unit=f"x{times[1]}")


def _chip_en(n: int, units: dict[str, str], game: Game) -> str:
    """A riichi chip in English, as the game's documents name it: "10-point chip" (Donjara), "1,000-point stick"
    (riichi mahjong); "chip of 3 x10,000 fans" in another unit."""
    thing = "stick" if game.engine == "riichi" else "chip"
    unit = units.get("en", "points")
    return f"{n:,}-point {thing}" if unit == "points" else f"{thing} of {_amount(n, units)}"


def almighty_limits_said(game: Game) -> list[str]:
    """How many Almighty tiles one group may hold, where the game's rules cap it (``[groups.*] max_almighty``), a
    sentence per group kind capped: a hand of two Almighty in one set said only that it was no yaku."""
    if game.engine == "riichi":
        return []
    from scorer.rules import donjara_rules

    lines = almighty_stands_said(game)
    for kind in donjara_rules(game).groups.values():
        n = kind.max_almighty
        if n is None:
            continue
        group = as_typed(kind.name_ja if lang() == "ja" else kind.name_en or kind.name_ja)  # the file's words
        if n == 0:
            lines.append(rules_text("almighty_none_in_group", group=group))
        else:
            lines.append(rules_text("almighty_per_group", group=group,
                                    n=n if lang() == "ja" else "one Almighty" if n == 1 else f"{n} Almighty tiles"))
    return lines


def almighty_stands_said(game: Game) -> list[str]:
    """What the game's Almighty tiles may stand for (``stands_for``), where one of them stands only for some tiles:
    those that stand for a tile of their own colour (type) named in one sentence, any other such one in its own, and
    those that stand for any tile after them (Nogizaka's seed: 同じ色のメンバー牌の代わりに使える; a hand of two みさ先輩
    and the green Almighty was no win, and the page did not say why)."""
    almighty = [k for k in game.tiles if k.almighty]
    if not any(k.stands_for for k in almighty):
        return []
    ja = lang() == "ja"

    def named(kinds) -> str:
        names = [as_typed(k.name_ja if ja else k.name_en or k.name_ja) for k in kinds]
        return "、".join(names) if ja or len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"

    def attrs_said(attrs) -> str:
        return ("・" if ja else " and ").join(attribute_name(a, game) for a in attrs)

    own = [k for k in almighty if k.stands_for and all(k.attrs.get(a) == v for a, v in k.stands_for.items())]
    lines = []
    for attrs in dict.fromkeys(tuple(k.stands_for) for k in own):  # one sentence per attribute they share
        kinds = [k for k in own if tuple(k.stands_for) == attrs]
        lines.append(rules_text("almighty_own_more" if len(kinds) > 1 else "almighty_own", names=named(kinds),
                                attr=attrs_said(attrs)))
    for kind in almighty:
        if kind.stands_for and kind not in own:
            value = ("・" if ja else ", ").join(attribute_value(a, v, game) for a, v in kind.stands_for.items())
            lines.append(rules_text("almighty_whose", name=named([kind]), attr=attrs_said(kind.stands_for),
                                    value=value))
    free = [k for k in almighty if not k.stands_for]
    if free:
        lines.append(rules_text("almighty_any_more" if len(free) > 1 else "almighty_any", names=named(free)))
    return [("" if ja else " ").join(lines)]


def _who_pays(game: Game, units: dict[str, str], several_ron: bool, third_refused: bool = False) -> list[str]:
    """A Donjara game's payouts said from its data (``donjara_rules(game).payout``, ``win``, ``chombo``, ``[table]
    multiple_ron``): ron, tsumo and its rounding (with the smallest yaku as the example), several ron on one discard
    (and, ``third_refused``, that a third ron on it is a hand nobody won: :func:`_third_ron_refused`), a ron on a
    discarded Almighty, the chombo cases."""
    from scorer.payout import payments
    from scorer.rules import ChomboCase, Rounding, donjara_rules

    rules = donjara_rules(game)
    lines = [rules_text("pay_ron")]
    if rules.payout.rounding is Rounding.UP:
        players = rules.win.players_default
        value = min((y.points for y in rules.yaku if not y.local), default=0)
        if value and players > 1:
            share = payments(rules.payout, value, "tsumo", players)[0].amount
            lines.append(rules_text("pay_tsumo_up", step=_amount(rules.payout.round_to, units), players=players,
                                    value=_amount(value, units), share=_amount(share, units)))
    else:
        lines.append(rules_text("pay_tsumo_even"))
    table = game.rules.get("table", {}) if hasattr(game.rules, "get") else {}
    ways = table.get("multiple_ron", []) if hasattr(table, "get") else []  # checked by the ledger (rules_for)
    box = game_t("several_ron", game).split(" (")[0]  # the ledger's box, which sets it for a match
    if several_ron:
        lines.append(rules_text("pay_each"))
        if "one-winner" in ways:
            lines[-1] += (" " if lang() == "en" else "") + rules_text("pay_one_if", box=box)
        if third_refused:
            lines.append(rules_text("third_ron_donjara"))
    elif "nearest-clockwise" in ways:
        lines.append(rules_text("pay_nearest"))
    elif "one-winner" in ways:  # Cinderella Girls: both ways are the table's to choose (RULES.md 000)
        lines.append(rules_text("pay_one"))
        if "each-in-full" in ways:
            lines[-1] += (" " if lang() == "en" else "") + rules_text("pay_each_if", box=box)
    times = rules.payout.favourite_multiplier
    if times > 1:  # a payout doubled changes who pays how much: said with the payouts
        lines.append(rules_text("pay_favourite", n=times,
                                times="doubles" if times == 2 else f"is multiplied by {times}"))
    cases = rules.chombo.cases if rules.chombo.penalty else ()
    if not rules.win.ron_on_almighty and ChomboCase.WIN_ON_ALMIGHTY not in cases:
        lines.append(rules_text("no_ron_almighty"))
    if cases:  # said before what a chombo costs (``table_summary``'s last line)
        lines.append(rules_text("chombo_cases", cases=("、" if lang() == "ja" else "; ").join(
            rules_text(f"chombo_{c}") for c in cases)))
    return lines


def _laps(laps: int) -> int | str:
    """How many times everyone deals, as the page's ``sum_end*`` line takes it: "once", "twice", "3 times" (1 times
    was said); the number in Japanese, 回 follows."""
    return laps if lang() == "ja" else {1: "once", 2: "twice"}.get(laps, f"{laps} times")


def _red_fives_said(game: Game) -> str:
    """A riichi table's red fives, as its summary says them: one in each suit (the standard set's), a house set's own
    red copies ("2 Red 5 Pin, 0p"), or none (switched off, or a set without a red copy)."""
    from scorer.riichi_rules import rules_for as riichi_rules, set_copies

    copies = set_copies(game)
    reds = {red: copies[red] for red in ("0m", "0p", "0s") if copies[red]} if riichi_rules(game).red_fives else {}
    if not reds:
        return t("sum_no_red_fives")
    if reds == {"0m": 1, "0p": 1, "0s": 1}:
        return t("sum_red_fives")
    if lang() == "ja":
        return t("sum_red_fives_set", reds="、".join(f"{game.tile(r).name_ja} {n}枚" for r, n in reds.items()))
    return t("sum_red_fives_set", reds="; ".join(f"{n} {game.tile(r).name_en}, {r}" for r, n in reds.items()))


def table_summary(game: Game, defaults_marked: bool = True) -> list[str]:
    """The table rules in a few lines: start, riichi chip, rotation, end of the match (the ledger's); for a Donjara
    game who pays what; every amount with the game's unit. ``defaults_marked``: pao, where the table does not set
    it, marked as tilelens's default (the Rules page); not where two tables' rules are compared (``rules_news``: a
    table that writes the default out plays alike)."""
    from tilelens.ledger import DrawKeep, game_units, rules_for

    r = rules_for(game)
    units = game_units(game)
    keep = {DrawKeep.NEVER: game_t("sum_draw_moves", game),
            DrawKeep.DEALER_RIICHI: game_t("sum_draw_riichi", game),
            DrawKeep.DEALER_TENPAI: t("sum_draw_tenpai")}[r.keep_on_draw]
    # the end by a player's total as the ledger ends it: at 0 (Donjara), below 0 (riichi mahjong), or not at all
    end = {None: ("sum_end_laps", {}), 0: ("sum_end", {}), -1: ("sum_end_below", {})}.get(
        r.ends_at_or_below) or ("sum_end_at", {"n": _figure(r.ends_at_or_below, units)})
    chip = (game_t("sum_chip", game, n=_amount(r.riichi_chip, units), chip=_chip_en(r.riichi_chip, units, game))
            if r.riichi_chip else game_t("sum_no_chip", game))
    lines = [t("sum_start", n=_start_said(r.start_points, units)), chip,
             _rotation(r.keep_on_dealer_win, r.keep_on_draw, keep),
             t(end[0], laps=_laps(r.laps), **end[1])]
    if r.ends_at_or_below is None:  # ``[table] ends_at_or_below = false``: no bust
        lines.append(rules_text("no_bust"))
    if r.riichi_chip:  # in no one's total (``tilelens.ledger.evening_totals``), or the top's (``leftover_sticks``)
        lines.append(rules_text("left_at_end_top" if r.leftover_sticks == "top" else
                                "left_at_end" if game.engine == "riichi" else "left_at_end_chips"))
    if game.engine == "riichi":  # the ledger's standings: the totals as they are, or a club's final score
        from scorer.riichi_rules import rules_for as riichi_rules
        from tilelens.ledger import final_score_rule_said, has_final_score

        lines.append(final_score_rule_said(r, riichi_rules(game).players, lang()) if has_final_score(r)
                     else rules_text("no_uma"))
        lines.append(rules_text("per_match_options"))  # the ledger's New match sets them for each match (K2)
    if r.noten_total:
        lines.append(t("sum_noten", n=_amount(r.noten_total, units)))
    if r.honba:
        lines.append(t("sum_honba", ron=_figure(r.honba_ron or 0, units),
                       tsumo=_figure(r.honba_tsumo_each or 0, units)))
    if game.engine == "riichi":
        from scorer.riichi_rules import rules_for as riichi_rules

        seats = riichi_rules(game).players  # a table of three (sanma): no four winds, four riichi or triple ron
        lines += _several_ron_said(r, seats)
        lines.append(abortive_draws_said(r, seats))
    chombo = _chombo_said(game, r, units)
    if game.engine == "riichi":
        from scorer.riichi_rules import rules_for as riichi_rules

        lines += chombo
        lines.append(_red_fives_said(game))
        lines.append(rules_text("double_yakuman_on" if riichi_rules(game).double_yakuman else "double_yakuman_off"))
        lines += riichi_scoring_said(riichi_rules(game))
        pao_rules = riichi_rules(game)
        part = game.rules.get("riichi", {}) if hasattr(game.rules, "get") else {}
        unset = defaults_marked and not (hasattr(part, "get") and part.get("pao") is not None)  # played by default
        lines.append(t("sum_pao", kans=t("pao_kans") if pao_rules.pao_suukantsu else "",
                       mark=t("pao_default_mark") if unset else "") if pao_rules.pao else t("sum_no_pao"))
        from scorer.riichi_hand import sanma_set

        lines += riichi_draws_said(riichi_rules(game), r.noten_total, units, sanma_set(game, riichi_rules(game)))
    else:
        from scorer.rules import donjara_rules

        win = donjara_rules(game).win
        needed = "sum_riichi_needed_dealt" if win.riichi_required and win.dealt_tenpai_exempt else "sum_riichi_needed"
        riichi = game_t("riichi", game)  # the game's own call beside it: 「リーチ (スタンバイ)」
        riichi = as_typed(riichi if lang() == "ja" else riichi[:1].lower() + riichi[1:])  # "a riichi (Standby)"
        lines.insert(0, t(needed if win.riichi_required else "sum_riichi_free", riichi=riichi))
        lines[1:1] = almighty_limits_said(game)  # what a hand may be made of, with the riichi a win needs
        lines += _who_pays(game, units, r.several_ron, _third_ron_refused(r)) + chombo
    return lines


def riichi_scoring_said(rules) -> list[str]:
    """How a riichi hand is valued beyond its yaku, as ``rules`` (``scorer.riichi_rules.RiichiRules``) set it and the
    scorer applies it: yakuman adding up or not, 13+ han of ordinary yaku, kiriage mangan, renhou, and the fu of a
    pair of the double wind."""
    double = rules_text("yakuman_one_double") if rules.double_yakuman else ""
    return [rules_text("yakuman_combined") if rules.combined_yakuman else rules_text("yakuman_one", double=double),
            rules_text(f"kazoe_{rules.kazoe_limit}"), rules_text("kiriage_on" if rules.kiriage else "kiriage_off"),
            rules_text(f"renhou_{rules.renhou}"), rules_text(f"double_wind_{rules.double_wind_pair_fu}")]


def riichi_yaku_note(game: Game) -> str:
    """The caption under a riichi game's yaku table (the closed-only mark, dora, the local yaku): where the game scores
    no renhou (``[riichi] renhou = "none"``: not in the table) without saying how renhou is scored."""
    from scorer.riichi_rules import RenhouValue, rules_for

    return t("han_open_note_no_renhou" if rules_for(game).renhou is RenhouValue.NONE else "han_open_note")


def riichi_draws_said(rules, noten_total: int, units: dict[str, str], sanma: bool = False) -> list[str]:
    """Nagashi mangan at an exhaustive draw (``[riichi] nagashi``), and what changes at three players: a tsumo paid
    by the two others alone, or the north's share split between them (``[riichi] tsumo_loss``:
    ``scorer.riichi_pay.win_payments``), the noten payments the same in all (``scorer.payout.noten_transfers``), said
    with the ledger's noten total (``noten_total``, none where it is 0). ``sanma``: the table plays a three-player set
    (``scorer.riichi_hand.sanma_set``): its 9m dora, chi (``chi_at_three``) and, at a table of three, nukidora
    (``nukidora``) said too. "The north's share is not paid" was said under ``tsumo_loss = false`` too. At a table
    of three nagashi mangan is said as the ledger pays it there (8,000 and 6,000: "2,000 from each other player" was
    one player), and under ``tsumo_loss = false`` that its north share is not split, as a tsumo's is on the line
    below (a mangan tsumo of 3,000/5,000 beside a nagashi "paid as a mangan tsumo" of 6,000)."""
    three = rules.players == 3
    nagashi = rules_text("nagashi_off" if not rules.nagashi else "nagashi_on_three" if three else "nagashi_on")
    if rules.nagashi and three and not rules.tsumo_loss:  # said beside the tsumo's split, the line below
        nagashi += ("" if lang() == "ja" else " ") + rules_text("nagashi_unsplit")
    lines = [nagashi, rules_text("fewer_players" if rules.tsumo_loss else "fewer_players_split")]
    if noten_total:
        lines[-1] += ("" if lang() == "ja" else " ") + rules_text(
            "fewer_noten", n=_amount(noten_total, units), half=_amount(noten_total // 2, units))
    if sanma:
        lines += [rules_text("sanma_set"), rules_text("chi_at_three_on" if rules.chi_at_three else "chi_at_three_off")]
        if rules.players == 3:  # nukidora is refused at a table of four
            lines.append(rules_text("nukidora_on" if rules.nukidora else "nukidora_off"))
    return lines


def _third_ron_refused(r) -> bool:
    """Whether the ledger refuses a third winner on one discard at a table of rules ``r``
    (``tilelens.ledger.Ledger._check_same_discard``): where several may ron one discard and the table counts honba or
    puts down riichi chips (one head bump settles two winners). Riichi mahjong's three rons are then an abortive
    draw, a Donjara game's a hand nobody won (it has no abortive draw)."""
    return bool(r.several_ron and (r.honba or r.riichi_chip))


def _several_ron_said(r, seats: int = 4) -> list[str]:
    """Several ron on one discard at a riichi table (riichi mahjong's alone: a Donjara game's are said with its
    payouts, :func:`_who_pays`), as the ledger settles them (``tilelens.ledger.replay``): each winner paid in full,
    the riichi sticks and honba to the one nearest the discarder; a third ron on one discard an abortive draw (the
    ledger refuses a third winner there), where the table ``seats`` four (at three, two others can ron at most)."""
    if not r.several_ron:
        return []
    what = "what_sticks_honba" if r.riichi_chip and r.honba else "what_sticks" if r.riichi_chip else \
        "what_honba" if r.honba else None
    lines = [rules_text("pay_double_ron", what=rules_text(what)) if what else rules_text("pay_double_ron_plain")]
    from tilelens.ledger import abortive_kinds

    if _third_ron_refused(r) and "triple-ron" in abortive_kinds(seats):
        lines.append(rules_text("triple_ron"))
    return lines


def abortive_draws_said(r, seats: int = 4) -> str:
    """Riichi mahjong's abortive draws at a table of rules ``r`` that ``seats`` players: the kinds the ledger records
    there (``tilelens.ledger.abortive_kinds``, in the screen's language: nine terminals and four kans alone at three;
    triple ron where three rons on one discard are one, :func:`_third_ron_refused`) and what one does, as the ledger
    replays it: nobody pays, the dealer deals again (with one more honba where the table counts them), the riichi
    sticks stay on the table (where it puts some down)."""
    from tilelens.ledger import abortive_kinds

    ja = lang() == "ja"
    names = [words[0] if ja else words[1] for kind, words in abortive_kinds(seats).items()
             if kind != "triple-ron" or _third_ron_refused(r)]
    kinds = "・".join(names) if ja or len(names) < 2 else f"{', '.join(names[:-1])} or {names[-1]}"
    return rules_text("abortive_draw", kinds=kinds,
                      deal=rules_text("abortive_deal_honba" if r.honba else "abortive_deal"),
                      sticks=rules_text("abortive_sticks") if r.riichi_chip else "")


def chombo_none_said(game: Game, rules=None) -> str:
    """Why no chombo is recorded for ``game`` (the caption where "Record a chombo" would be): its rules set no
    penalty (``chombo_none``, a Donjara game's in its own words); or, for a riichi match (``rules``: its
    ``TableRules``) that keeps none though the table in use pays a reverse mangan, that the match started before
    tilelens recorded a riichi chombo (``chombo_none_older``: ``tilelens.ledger.chombo_penalty``). An old Tokyo match
    said "its rules set no penalty for one" while the Rules page said a chombo is a reverse mangan. A match that
    started under a table that set none, the table in use setting one since (``table_changed``), Donjara or riichi:
    that it keeps the none of its start, and what the table in use sets from the next match (``chombo_none_since``;
    Yokai Watch said "its rules set no penalty" beside a Rules page saying 300)."""
    from scorer.result import TilelensInputError
    from tilelens.ledger import chombo_penalty, game_units, table_changed

    name = as_typed(name_of(game))
    try:
        now = chombo_penalty(game) if rules is not None and not chombo_penalty(game, rules) else 0
        since = bool(now) and rules.chombo_penalty is not None and table_changed(rules, game)  # kept, another table
    except TilelensInputError:  # a table whose rules cannot be read: why its rules set none is said as before
        now, since = 0, False
    if since:
        return game_t("chombo_none_since", game, game=name, penalty=_amount(now, game_units(game)))
    if now and game.engine == "riichi":
        return t("chombo_none_older", game=name)
    return game_t("chombo_none", game, game=name)


def _chombo_said(game: Game, r, units: dict[str, str]) -> list[str]:
    """What a chombo costs and how the ledger shares it among the others at the game's usual table
    (``tilelens.ledger.chombo_payments``: in the game's chip, a chip that does not share evenly to the seats after
    the one who made it first); none where the game sets no penalty, but at a riichi table (``[table] chombo =
    "none"``, its reverse mangan the default) that none is recorded, in the ledger page's words (``chombo_none``)."""
    if not r.chombo_penalty:
        return [chombo_none_said(game)] if game.engine == "riichi" else []
    if game.engine == "riichi":  # a reverse mangan (``[table] chombo``): what a player pays depends on who deals
        from app.components.ledger_view import chombo_rule_riichi
        from scorer.riichi_rules import rules_for as riichi_rules

        return [chombo_rule_riichi(r.chombo_penalty, units, riichi_rules(game).players)]
    from tilelens.ledger import chombo_payments

    line = t("sum_chombo", n=f"{r.chombo_penalty:,}", unit=units.get("ja", r.unit),
             amount=_amount(r.chombo_penalty, {"en": units.get("en", "points")}))
    if game.engine == "riichi":
        from scorer.riichi_rules import rules_for as riichi_rules

        players = riichi_rules(game).players
    else:
        from scorer.rules import donjara_rules

        players = donjara_rules(game).win.players_default
    if players < 2:
        return [line]
    shares = list(chombo_payments(game, 0, players, r).values())
    if len(set(shares)) == 1:
        split = rules_text("chombo_split", players=players, others=len(shares), share=_amount(shares[0], units))
    else:
        said = [_amount(n, units) for n in shares]
        joined = "、".join(said) if lang() == "ja" else f"{', '.join(said[:-1])} and {said[-1]}"
        split = rules_text("chombo_split_uneven", players=players, shares=joined)
    return [("" if lang() == "ja" else " ").join((line, split))]  # one line: what it costs, and who gets it

