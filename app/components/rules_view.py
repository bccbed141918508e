"""A game's rule tables as plain tables for the rules page; what the shipped table changed since an edit was made
from it, in words (``changes_since``: the Rules page lists it, the score pages warn where it has a change to take)."""
from __future__ import annotations

import difflib
import hashlib
import re
import tomllib
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import streamlit as st

from app import settings
from app.components.common import as_code, as_typed, phrase_breaks
from app.components.i18n import (STRINGS, attribute_name, attribute_value, error_text, game_t, lang, name_of, said,
                                 t, text_in)
from scorer import Game, GameFileError, TilelensInputError
from scorer.catalog import name_key, parse_game

if TYPE_CHECKING:  # pandas is imported where a table is made, not by importing this module
    import pandas as pd

# The Rules page's own strings, key: (Japanese, English)
RULES_STRINGS: dict[str, tuple[str, str]] = {
    "shipped_changed": ("この編集の元にした同梱の表が変わりました (tilelens の更新): 編集した表は古い表のルールのまま"
                        "採点しています。下の変更を編集に書き写して保存するか、「既定の表に戻す」で新しい表にするか、"
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
    "local_note": ("ローカル役: クラブで使うと決めたときだけ採点します (主催者が下の「表を編集」で入れます)。",
                   "A local yaku: scored only if the club switches it on (the organiser does it in “Edit the "
                   "table” below)."),
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
    "add_where": ("追加したゲームのファイルは、このコンピューターの tilelens のデータフォルダに保存されます: {folder}",
                  "An added game's file is kept in tilelens's data folder on this computer: {folder}"),
    # Save with the text as it is, and Restore asked first, the edits moved aside (settings.history_dir)
    "nothing_changed": ("変更がないので保存していません。表はそのままです。", "Nothing changed: the table is as it was."),
    "reset_confirm_help": ("編集した表は消さずに {folder}に移します。使い直すときは、そのファイルを {game_folder}"
                           "に戻してください。",
                           "Your edits are moved, not deleted, to {folder}: to use one again, move its file back "
                           "into {game_folder}."),
    "reset_confirm": ("はい、戻します", "Yes, restore it"),
    "kept_in": ("編集した表は {folder}に残してあります。", "Your edits are kept in {folder}."),
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
    "add_nothing": ("ルールファイルを選ぶか、ルールを貼り付けてください。", "Choose a rules file or paste the rules first."),
    "add_not_utf8": ("保存できません。{name}は UTF-8 のテキストではありません。UTF-8 で保存し直してから追加してください。",
                     "Not saved: {name} is not UTF-8 text: save it as UTF-8 and add it again."),
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
    # the riichi sticks (a Donjara game's chips) still on the table when the match ends: in no one's total
    "left_at_end": ("対局が終わったときに場に残っているリーチ棒は、誰のものにもなりません。",
                    "Riichi sticks still on the table when the match ends go to nobody."),
    "left_at_end_chips": ("対局が終わったときに場に残っているリーチのチップは、誰のものにもなりません。",
                          "Riichi chips still on the table when the match ends go to nobody."),
    "no_uma": ("ウマ・オカはありません。終了時の持ち点がそのまま結果です (同点は同順位)。",
               "No uma or oka: the totals at the end are the result (equal totals share a place)."),
    # ``[riichi] double_yakuman`` (the mahjong package's double yakuman: these four)
    "double_yakuman_on": ("ダブル役満あり: 国士無双十三面待ち・四暗刻単騎・純正九蓮宝燈・大四喜は役満2つ分です。",
                          "Double yakuman count double: a 13-sided kokushi, a suuankou on a single wait, a pure nine "
                          "gates and big four winds are each worth two yakuman."),
    "double_yakuman_off": ("ダブル役満なし: 役満はどれも役満1つ分です (国士無双十三面待ちも)。",
                           "No double yakuman: every yakuman is worth one yakuman, a 13-sided kokushi too."),
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


def check_house_text(text: str) -> None:
    """``GameFileError`` for a ``[house]`` table of the wrong kind in an edited game file's text, before it
    is saved (the engines' checks do not reach a riichi table's). Text that is not TOML is left to the save,
    which says where."""
    try:
        data = tomllib.loads(text)
    except (ValueError, RecursionError):  # not TOML (TOMLDecodeError), a number too long, nesting too deep
        return
    try:
        house_defaults(data.get("house", {}), "the edited rules")
    except GameFileError as exc:  # named as the save names the text being edited
        raise GameFileError(str(exc), exc.message_ja.replace("the edited rules", "編集したルール", 1)) from None


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

        rows = [{name: name_cell(v.name_ja, v.name_en), t("han_closed"): han_text(v.han_closed, v.yakuman),
                 t("han_open"): han_text(v.han_open, v.yakuman)} for v in yaku_values(rules_for(game))]
        return pd.DataFrame(rows), "yaku" in house_parts(game)
    from scorer.rules import donjara_rules

    rules = donjara_rules(game)
    yaku = rules.yaku
    rows = [{name: name_cell(y.name_ja, y.name_en, _mark(y)), t("value"): y.points,
             t("shape"): _md(short_shape(game, rules, y))} for y in yaku]
    return pd.DataFrame(rows), any(y.default for y in yaku) or "yaku" in house_parts(game)


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
    3-member units: one all-Cute, ..." -> "three 3-member units"); the whole is in the yaku's expander."""
    from scorer.engine import yaku_needs

    text = said(*yaku_needs(game, rules, yaku))
    if yaku.description_ja if lang() == "ja" else yaku.description:  # the file's words: their asides dropped
        text = re.sub(r"\s*[(（][^()（）]*[)）]", "", text).strip()  # (an account's "セット (3枚) を3組" kept whole)
    if _cells(text) > SHORT_CELLS:
        cut = min((i for i in (text.find(sep) for sep in (": ", "：", ", ", "、")) if i > 0), default=-1)
        if cut > 0 and _cells(text[:cut]) >= 10:
            text = text[:cut]
    return text


def yaku_details(game: Game) -> list[tuple[str, list[str]]]:
    """For each Donjara yaku with more to say than its row: its expander's label (name and points) and lines (its
    whole shape where the row's is short; what a local or house yaku means, in a player's words). A house yaku's
    aside in the file (Yokai's "(a house-table default until the real score sheet is supplied)") is not said: the
    house note says it plainly. None for a riichi game (its rows say it all)."""
    if game.engine == "riichi":
        return []
    from scorer.engine import yaku_needs
    from scorer.rules import donjara_rules

    rules = donjara_rules(game)
    out = []
    for y in rules.yaku:
        whole = said(*yaku_needs(game, rules, y)) if y.default else yaku_shape(game, rules, y)
        lines = [_md(whole)] if whole != short_shape(game, rules, y) else []
        if y.local:
            lines.append(rules_text("local_note"))
        if y.default:
            lines.append(rules_text("house_note"))
        if lines:
            name = (y.name_ja if lang() == "ja" else y.name_en) or y.name_ja or y.name_en
            out.append((f"{as_typed(name)} · {y.points}", lines))  # an expander's label is markdown
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


def han_text(han: int, yakuman: int) -> str:
    """A riichi yaku's worth in a table cell: "2 han", "yakuman", "double yakuman", or "—" where the yaku
    cannot be had (an open hand's column of a closed-only yaku)."""
    if not han:
        return "—"
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


def _who_pays(game: Game, units: dict[str, str], several_ron: bool) -> list[str]:
    """A Donjara game's payouts said from its data (``donjara_rules(game).payout``, ``win``, ``chombo``, ``[table]
    multiple_ron``): ron, tsumo and its rounding (with the smallest yaku as the example), several ron on one discard,
    a ron on a discarded Almighty, the chombo cases."""
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


def table_summary(game: Game) -> list[str]:
    """The table rules in a few lines: start, riichi chip, rotation, end of the match (the ledger's); for a Donjara
    game who pays what; every amount with the game's unit."""
    from tilelens.ledger import DrawKeep, game_units, rules_for

    r = rules_for(game)
    units = game_units(game)
    keep = {DrawKeep.NEVER: game_t("sum_draw_moves", game),
            DrawKeep.DEALER_RIICHI: game_t("sum_draw_riichi", game),
            DrawKeep.DEALER_TENPAI: t("sum_draw_tenpai")}[r.keep_on_draw]
    # the end by a player's total as the ledger ends it: at 0 (Donjara), below 0 (riichi mahjong), or not at all
    end = {None: ("sum_end_laps", {}), 0: ("sum_end", {}), -1: ("sum_end_below", {})}.get(
        r.ends_at_or_below, ("sum_end_at", {"n": f"{r.ends_at_or_below:,}"}))
    chip = (game_t("sum_chip", game, n=_amount(r.riichi_chip, units), chip=_chip_en(r.riichi_chip, units, game))
            if r.riichi_chip else game_t("sum_no_chip", game))
    lines = [t("sum_start", n=_start_said(r.start_points, units)), chip,
             _rotation(r.keep_on_dealer_win, r.keep_on_draw, keep),
             t(end[0], laps=r.laps, **end[1])]
    if r.riichi_chip:  # in no one's total (``tilelens.ledger.evening_totals``)
        lines.append(rules_text("left_at_end" if game.engine == "riichi" else "left_at_end_chips"))
    if game.engine == "riichi":  # the ledger's standings: the totals as they are
        lines.append(rules_text("no_uma"))
    if r.noten_total:
        lines.append(t("sum_noten", n=_amount(r.noten_total, units)))
    if r.honba:
        lines.append(t("sum_honba", ron=f"{r.honba_ron or 0:,}", tsumo=f"{r.honba_tsumo_each or 0:,}"))
    if game.engine == "riichi":
        lines += _several_ron_said(r)
    chombo = _chombo_said(game, r, units)
    if game.engine == "riichi":
        from scorer.riichi_rules import rules_for as riichi_rules

        lines += chombo
        lines.append(t("sum_red_fives") if riichi_rules(game).red_fives else t("sum_no_red_fives"))
        lines.append(rules_text("double_yakuman_on" if riichi_rules(game).double_yakuman else "double_yakuman_off"))
    else:
        from scorer.rules import donjara_rules

        win = donjara_rules(game).win
        needed = "sum_riichi_needed_dealt" if win.riichi_required and win.dealt_tenpai_exempt else "sum_riichi_needed"
        riichi = game_t("riichi", game)  # the game's own call beside it: 「リーチ (スタンバイ)」
        riichi = as_typed(riichi if lang() == "ja" else riichi[:1].lower() + riichi[1:])  # "a riichi (Standby)"
        lines.insert(0, t(needed if win.riichi_required else "sum_riichi_free", riichi=riichi))
        lines[1:1] = almighty_limits_said(game)  # what a hand may be made of, with the riichi a win needs
        lines += _who_pays(game, units, r.several_ron) + chombo
    return lines


def _several_ron_said(r) -> list[str]:
    """Several ron on one discard at a riichi table, as the ledger settles them (``tilelens.ledger.replay``): each
    winner paid in full, the riichi sticks and honba to the one nearest the discarder; a third ron on one discard an
    abortive draw (the ledger refuses a third winner there)."""
    if not r.several_ron:
        return []
    what = "what_sticks_honba" if r.riichi_chip and r.honba else "what_sticks" if r.riichi_chip else \
        "what_honba" if r.honba else None
    lines = [rules_text("pay_double_ron", what=rules_text(what)) if what else rules_text("pay_double_ron_plain")]
    if r.honba or r.riichi_chip:
        lines.append(rules_text("triple_ron"))
    return lines


def _chombo_said(game: Game, r, units: dict[str, str]) -> list[str]:
    """What a chombo costs and how the ledger shares it among the others at the game's usual table
    (``tilelens.ledger.chombo_payments``: in the game's chip, a chip that does not share evenly to the seats after
    the one who made it first); none where the game sets no penalty."""
    if not r.chombo_penalty:
        return []
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


# ---- an edit of an older shipped table: what the box changed since, in words (the Rules page lists them, a box each
# to tick and take into the edit; the score pages warn of an edit out of date only where it lists one: news_to_take)
@dataclass(frozen=True)
class NewsChange:
    """One change of the shipped table since the edit's base (``then``: its lines there, ``now``: today's lines that
    replace them), where it goes in the edit (``at``: None where the club changed those lines too), what it changes
    in words (``words``: none for comments and blank lines alone), its checkbox's key (its place in both texts with
    its lines: one line's change made in two places gave two boxes one key, and the page failed), and why the edit
    with this change alone taken in would not load (``alone``: None where it would; "" where why cannot be said):
    such a change is made by hand (a start_points the edit set above its ends_at_or_below, each line a change of
    its own).

    ``parts``: the changes of lines a change of names alone is made of (``NAME_KEYS``), said in one line and taken
    in together: a line each was 317 for Cinderella Girls' names as fans write them, each tile "the same" on both
    sides."""

    then: tuple[int, int]
    now: tuple[int, int]
    at: int | None
    words: tuple[str, ...]
    key: str
    alone: str | None = None
    parts: tuple[NewsChange, ...] = ()

    @property
    def spans(self) -> tuple[NewsChange, ...]:
        """The changes of lines that make this one: its parts, or itself."""
        return self.parts or (self,)


def _text_lines(text: str) -> list[str]:
    """A table's lines as compared and taken over: line ends and the blanks at a line's end aside."""
    return [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]


def _made_from_text(now: str, diff: str) -> str | None:
    """The shipped text an edit was made from, rebuilt from today's (``now``) and the unified diff of what changed
    since (``settings.shipped_changes``); None where the diff does not give back that text exactly."""
    rows, now_rows = diff.splitlines(keepends=True), now.splitlines(keepends=True)
    out: list[str] = []
    at = 0
    for row in rows[2:]:
        if row.startswith("@@"):
            found = re.match(r"@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@", row)
            if found is None:
                return None
            start = int(found[1]) - (0 if found[2] == "0" else 1)
            out += now_rows[at:start]
            at = start
        elif row[:1] in (" ", "-"):
            out.append(row[1:])
            at += row[:1] == " "
        elif row[:1] == "+":
            at += 1
    then = "".join(out + now_rows[at:])
    names = [row[4:].rstrip("\n") for row in rows[:2]]
    if len(names) != 2 or "".join(difflib.unified_diff(then.splitlines(keepends=True), now_rows, *names)) != diff:
        return None
    return then


def _blocks(a: list[str], b: list[str]) -> list[tuple[int, int, int]]:
    """The runs of lines ``a`` and ``b`` share, (start in a, start in b, length), as ``difflib``'s matching blocks,
    the last (len(a), len(b), 0). The common start and end are set aside first: a table's catalog, some 1,700 lines,
    is alike on both sides, and matched whole it took a tenth of a second a text."""
    most = min(len(a), len(b))
    head = next((i for i in range(most) if a[i] != b[i]), most)
    tail = next((i for i in range(most - head) if a[-1 - i] != b[-1 - i]), most - head)
    middle = difflib.SequenceMatcher(None, a[head:len(a) - tail], b[head:len(b) - tail], autojunk=False)
    blocks = [(0, 0, head)] if head else []
    blocks += [(i + head, j + head, n) for i, j, n in middle.get_matching_blocks() if n]
    return blocks + ([(len(a) - tail, len(b) - tail, tail)] if tail else []) + [(len(a), len(b), 0)]


def _line_map(a: list[str], b: list[str]) -> dict[int, int]:
    """Each line of ``a`` that ``b`` keeps, to its line there (and the ends: -1 to -1, the end to the end)."""
    found = {-1: -1, len(a): len(b)}
    for i, j, n in _blocks(a, b):
        found.update((i + k, j + k) for k in range(n))
    return found


def _differences(a: list[str], b: list[str]) -> list[tuple[int, int, int, int]]:
    """Where ``b`` differs from ``a``: (i1, i2, j1, j2), lines ``a[i1:i2]`` replaced by ``b[j1:j2]``."""
    out, i, j = [], 0, 0
    for bi, bj, n in _blocks(a, b):
        if i < bi or j < bj:
            out.append((i, bi, j, bj))
        i, j = bi + n, bj + n
    return out


def _place(found: dict[int, int], i1: int, i2: int) -> int | None:
    """Where lines ``i1:i2`` of a text lie in another (``_line_map``), unchanged and with the line on each side
    unchanged next to them; None where the other text changed them or what is around them."""
    k = found.get(i1 - 1)
    if k is None or any(found.get(i) != k + 1 + i - i1 for i in range(i1, i2 + 1)):
        return None
    return k + 1


_SOURCE = "<table>"  # the name a candidate table is checked under: left out of what the page says


def _game_of(data: dict) -> tuple[Game | None, str | None]:
    """The game of a table's parsed text, its rules and the ledger's ``[table]`` checked as a Save checks them
    (``settings.check_rule_tables``): (the game, None), or (None, why it does not load, in the screen's language).
    Without the ledger's check, a change taken alone that the ledger refuses (``start_points`` 1000 under an
    ``ends_at_or_below`` of 2500) was a traceback when the page said it in words (``table_summary`` reads [table])."""
    try:
        game = parse_game(data, _SOURCE)
        settings.check_rule_tables(game)  # the engine's rule tables (``check_rules``), the seats, the ledger's [table]
    except TilelensInputError as exc:  # GameFileError, the ledger's LedgerError
        return None, error_text(exc).replace(f"{_SOURCE}: ", "")
    except (ValueError, TypeError, KeyError, RecursionError):
        return None, ""
    return game, None


def _quoted(line: str) -> str:
    """A rule's line of the table's rules quoted in a sentence: 「…」 without its full stop."""
    return t("news_rule", rule=line.rstrip("。.").strip())


def _first_sentence(line: str) -> str:
    """A rule's line without what follows its first sentence (a note to the organiser: "A house that plays without
    it: ...")."""
    cut = line.find("。") if lang() == "ja" else line.find(". ")
    return line[:cut] if cut > 0 else line


# How a change is said: against the edit (what today's shipped table has that the edit lacks), or, where the club
# changed the same lines, as what the shipped table changed (the edit's side of it not known)
_SAID = {False: ("news_has", "news_lacks", "news_differs"), True: ("news_box_has", "news_box_lacks", "news_box_differs")}


def _keys(a: Any, b: Any, at: str = "") -> list[str]:
    """The keys of a parsed table where ``a`` and ``b`` differ: ``win.ron_on_almighty``, ``yaku[3]`` (two levels)."""
    if at.count(".") + at.count("[") >= 2 or type(a) is not type(b) or not isinstance(a, (dict, list)):
        return [at]
    if isinstance(a, list):
        if len(a) != len(b):
            return [at]
        return [key for i, (x, y) in enumerate(zip(a, b)) if x != y for key in _keys(x, y, f"{at}[{i}]")]
    return [key for k in sorted(set(a) | set(b), key=str) if a.get(k, _GONE) != b.get(k, _GONE)
            for key in _keys(a.get(k, _GONE), b.get(k, _GONE), f"{at}.{k}" if at else str(k))]


_GONE = object()  # a key one side lacks


def _yaku_said(game: Game) -> dict[str, tuple[str, str]]:
    """A Donjara game's yaku by id: (its name, its points and short shape, "local" or "house" marked) in words."""
    from scorer.rules import donjara_rules
    from tilelens.ledger import amount_in, game_units

    rules, units, ja = donjara_rules(game), game_units(game), lang() == "ja"
    said = {}
    for y in rules.yaku:
        mark = rules_text("mark_local") if y.local else rules_text("mark_house") if y.default else ""
        value = f"{amount_in(y.points, units, lang())}{'・' if ja else ', '}{short_shape(game, rules, y)}"
        said[y.id] = ((y.name_ja if ja else y.name_en) or y.name_ja or y.name_en, value + (f" ({mark})" if mark else ""))
    return said


def _tile_said(kind, other, game: Game) -> str:
    """What of a tile kind differs from ``other`` (the same tile in the other table) in words, its side of it:
    copies, Almighty, what it stands for, the attributes that differ ("枚数 4"); "" where none does (its names
    alone: ``_names_said``). Every attribute of both sides was said, the same beside the same, a member by its id."""
    parts = []
    ja = lang() == "ja"
    if kind.copies != other.copies:  # 「4枚」, "copies 4"
        parts.append(f"{kind.copies}枚" if ja else f"{attribute_name('copies', game)} {kind.copies}")
    if kind.almighty != other.almighty:
        parts.append(attribute_name("almighty", game) if kind.almighty else rules_text("news_not_almighty"))
    if kind.stands_for != other.stands_for:
        parts.append(rules_text("news_stands_for", what=_attrs_said(kind.stands_for, game) or rules_text("news_any")))
    wanted = {a: v for a, v in kind.attrs.items() if other.attrs.get(a) != v}
    wanted.update((a, None) for a in other.attrs if a not in kind.attrs)  # an attribute this side lacks: "—"
    if wanted:
        parts.append(_attrs_said(wanted, game, listed=True))
    return _list(parts, listed=True)


def _attrs_said(attrs, game: Game, listed: bool = False) -> str:
    """Attributes and their values in words ("色 ピンク、メンバー さゆりん"): a member by the tile's name (its
    value is the tile's id), a value missing as "—". ``listed``: a tile's side of a change, said in a clause of its
    own (「メンバーはさゆりん・色はピンク」: 「いまの同梱の表では 枚数 4、メンバー さゆりん、…」 read as a list of
    words)."""
    tiles = {kind.id: kind for kind in game.tiles}

    def value(attr: str, v: Any) -> str:
        if v is None:
            return "—"
        if attr == "member" and v in tiles:
            return as_typed(_tile_name(tiles[v]))
        return attribute_value(attr, v, game)

    topic = "{}は{}" if listed and lang() == "ja" else "{} {}"
    return _list([topic.format(attribute_name(a, game), value(a, v)) for a, v in attrs.items()], listed)


def _tile_name(kind) -> str:
    """A tile's name in the screen's language (its id where it has none)."""
    return (kind.name_ja if lang() == "ja" else kind.name_en) or kind.name_ja or kind.name_en or kind.id


def _list(parts: list[str], listed: bool = False) -> str:
    """Parts of a line listed with the language's comma; ``listed``: one side of a change, in Japanese with 「・」 (the
    sides are told apart by 「、」)."""
    return (("・" if listed else "、") if lang() == "ja" else ", ").join(parts)


# The keys of a tile ([[tiles]]) and of a unit ([[units]]) that name it and score nothing (a unit's ``name`` is how a
# yaku names it: not one), and how a change of them is said
NAME_KEYS = {"tiles": ("name_ja", "name_en", "reading", "aliases"), "units": ("name_en", "reading")}
_NAME_WORDS = {"name_ja": "news_names_ja", "name_en": "news_names_en", "reading": "news_readings",
               "aliases": "news_aliases"}


def _names_said(n: int, keys: set[str]) -> str:
    """A change of the names of ``n`` tiles and units, in their ``keys`` (``NAME_KEYS``), in words: "Names of 310
    tiles and units (English names, readings, other spellings)"."""
    what = _list([rules_text(_NAME_WORDS[key]) for key in _NAME_WORDS if key in keys])
    return rules_text("news_names_one" if n == 1 else "news_names", n=n, what=what)


def _words(a: list[str], b: list[str], box: bool = False) -> tuple[list[str], str | None]:
    """What ``b`` (a table with one change of the shipped table taken in) has that ``a`` (without it) lacks, a line
    each in the screen's language: its rules as the page says them, its yaku, tiles and units; the keys of the table
    that differ where none of those does. [] where the change is of comments or blank lines alone. ``box``: ``a`` is
    the shipped table the edit was made from, not the edit (``_SAID``).

    With them, None where ``b`` loads as a Save would take it, else why not ("" where that cannot be said): such a
    change cannot be taken in by itself (the Rules page's ``_shipped_news``)."""
    has, lacks, differs = _SAID[box]
    try:
        a_data = tomllib.loads("\n".join(a))
    except (ValueError, RecursionError):  # a side that is no TOML: said by its keys below, if it can be
        return [t("news_keys", keys=as_code("?"))], None
    try:
        b_data = tomllib.loads("\n".join(b))
    except (ValueError, RecursionError):  # the change taken alone is no TOML (half of a list)
        return [t("news_keys", keys=as_code("?"))], ""
    if a_data == b_data:
        return [], None
    (a_game, _), (b_game, why) = _game_of(a_data), _game_of(b_data)
    said: list[str] = []
    if a_game is not None and b_game is not None:
        try:  # every summary of a candidate table guarded: a check it fails is said, never a traceback
            said = _said(a_game, b_game, has, lacks, differs)
        except TilelensInputError as exc:
            why = error_text(exc).replace(f"{_SOURCE}: ", "")
    if not said:
        keys = ("、" if lang() == "ja" else ", ").join(as_code(k) for k in _keys(a_data, b_data))
        said.append(t("news_keys", keys=keys))
    return said, why


def _said(a_game: Game, b_game: Game, has: str, lacks: str, differs: str) -> list[str]:
    """``_words`` of two tables that load: their rules, yaku, tiles and units where they differ."""
    said: list[str] = []
    a_rules, b_rules = table_summary(a_game), table_summary(b_game)
    gained, lost = [line for line in b_rules if line not in a_rules], [line for line in a_rules if line not in b_rules]
    short = {line: _first_sentence(line) for line in gained + lost}
    if len(set(short.values())) < len(short):  # the first sentences alike: said whole
        short = {line: line for line in short}
    changed = dict(_rule_pairs(gained, lost))  # a rule changed (a penalty of 300 now 200): one line, not two
    said += [t(differs, what=rules_text("news_a_rule"), shipped=_quoted(short[line]), edit=_quoted(short[was]))
             for line, was in changed.items()]
    said += [t(has, what=_quoted(short[line])) for line in gained if line not in changed]
    said += [t(lacks, what=_quoted(short[line])) for line in lost if line not in changed.values()]
    if a_game.engine == b_game.engine == "donjara":
        a_yaku, b_yaku = _yaku_said(a_game), _yaku_said(b_game)
        for key in [*b_yaku, *(k for k in a_yaku if k not in b_yaku)]:
            what = t("news_yaku", name=as_typed((b_yaku.get(key) or a_yaku[key])[0]))
            if key not in a_yaku:
                said.append(t(has, what=f"{what} {as_typed(b_yaku[key][1])}"))
            elif key not in b_yaku:
                said.append(t(lacks, what=f"{what} {as_typed(a_yaku[key][1])}"))
            elif a_yaku[key] != b_yaku[key]:
                said.append(t(differs, what=what, shipped=as_typed(b_yaku[key][1]),
                              edit=as_typed(a_yaku[key][1])))
    renamed, name_keys = 0, set()  # tiles and units whose names alone differ: said in one line
    a_tiles, b_tiles = {k.id: k for k in a_game.tiles}, {k.id: k for k in b_game.tiles}
    for key in [*b_tiles, *(k for k in a_tiles if k not in b_tiles)]:
        kind = b_tiles.get(key) or a_tiles[key]
        what = t("news_tile", name=as_typed(_tile_name(kind)))
        if key not in a_tiles:
            said.append(t(has, what=what))
        elif key not in b_tiles:
            said.append(t(lacks, what=what))
        elif a_tiles[key] != b_tiles[key]:
            shipped = _tile_said(b_tiles[key], a_tiles[key], b_game)
            edit = _tile_said(a_tiles[key], b_tiles[key], a_game)
            if shipped or edit:
                said.append(t(differs, what=what, shipped=shipped or "—", edit=edit or "—"))
            else:
                renamed += 1
                name_keys |= {k for k in NAME_KEYS["tiles"] if getattr(a_tiles[key], k) != getattr(b_tiles[key], k)}
    a_units, b_units = {u.name: u for u in a_game.units}, {u.name: u for u in b_game.units}
    for key in sorted(set(a_units) | set(b_units)):
        a_unit, b_unit = a_units.get(key), b_units.get(key)
        if a_unit == b_unit:
            continue
        if a_unit is not None and b_unit is not None and (a_unit.members, a_unit.absent) == (b_unit.members,
                                                                                            b_unit.absent):
            renamed += 1
            name_keys |= {k for k in NAME_KEYS["units"] if getattr(a_unit, k) != getattr(b_unit, k)}
            continue
        alike = len({unit.size for unit in (a_unit, b_unit) if unit is not None}) == 1  # members by name, not "4"

        def members(unit, game: Game) -> str:
            if unit is None:
                return "—"
            return _members_said(unit, game) if alike else t("news_unit_members", n=unit.size)

        said.append(t(differs, what=t("news_unit", name=as_typed(key)), shipped=members(b_unit, b_game),
                      edit=members(a_unit, a_game)))
    if renamed:
        said.append(_names_said(renamed, name_keys))
    return said


RULE_ALIKE = 0.6  # how alike (``difflib``'s ratio) a rule's line and another must be to be one rule changed


def _rule_pairs(gained: list[str], lost: list[str]) -> list[tuple[str, str]]:
    """The lines of the table's rules ``gained`` by a change that each stand for one ``lost`` (the same rule with
    another figure: 「…合計 200点を払います」 for 「…合計 300点を払います」), each with the likest lost line: said as one
    rule changed. They were two lines, has and has-not, joined by 「 / 」."""
    pairs, left = [], list(lost)
    for line in gained:
        # the whole lines, or their first sentences (the rule: 「…合計 200点を払います。」 with how it is shared after)
        alike = [(max(difflib.SequenceMatcher(None, line, was).ratio(),
                      difflib.SequenceMatcher(None, _first_sentence(line), _first_sentence(was)).ratio()), i)
                 for i, was in enumerate(left)]
        ratio, at = max(alike, default=(0.0, -1))
        if ratio >= RULE_ALIKE:
            pairs.append((line, left.pop(at)))
    return pairs


def _members_said(unit, game: Game) -> str:
    """A unit's members by their names (its members of no tile as the file writes them), where its size is the same
    on both sides: "4" beside "4" said nothing of which members changed."""
    tiles = {kind.id: kind for kind in game.tiles}
    return _list([as_typed(_tile_name(tiles[m])) if m in tiles else as_typed(m) for m in (*unit.members, *unit.absent)],
                 listed=True)


def changes_since(game_id: str, diff: str, older: bool) -> tuple[tuple[NewsChange, ...], list[str],
                                                                  list[str]] | None:
    """The changes of the shipped table ``diff`` lists (``settings.shipped_changes``), each in words and where it goes
    in the edit, with today's shipped lines and the edit's; None where they cannot be told (a file not read, a diff
    that does not give back the text it was made from). An edit saved by an older tilelens (``older``) is its own
    base: every difference is a change, the club's own among them."""
    try:
        now, edit = settings.shipped_path(game_id).read_text(encoding="utf-8"), settings.game_text(game_id)
    except (OSError, UnicodeDecodeError):
        return None
    return _told(diff, older, lang(), now, edit)


@st.cache_resource(max_entries=8, show_spinner=False)
def _told(diff: str, older: bool, language: str, now: str, edit: str) -> tuple[tuple[NewsChange, ...], list[str],
                                                                              list[str]] | None:
    """``changes_since`` of these texts, in ``language`` (the screen's): kept, as every tick of a box draws the page
    again. The changes of names alone (``_names_alone``) are told together, one table read for them all: told one by
    one, Cinderella Girls' 317 took 20 seconds."""
    then = edit if older else _made_from_text(now, diff)
    if then is None:
        return None
    then_lines, now_lines, edit_lines = _text_lines(then), _text_lines(now), _text_lines(edit)
    into_edit, in_edit = _line_map(then_lines, edit_lines), _line_map(now_lines, edit_lines)
    then_tables, now_tables = _tables(then_lines), _tables(now_lines)
    changes: list[NewsChange] = []
    names: dict[bool, list[NewsChange]] = {False: [], True: []}  # by the club's having changed those lines too
    for i1, i2, j1, j2 in _differences(then_lines, now_lines):
        at = _place(into_edit, i1, i2)
        if at is None and _place(in_edit, j1, j2) is not None:
            continue  # the edit has it already (copied over by hand)
        lines = "\n".join([*then_lines[i1:i2], "\0", *now_lines[j1:j2]])
        key = f"{i1}-{j1}-{hashlib.sha1(lines.encode()).hexdigest()[:10]}"  # its place: a change made twice, two keys
        if _names_alone((then_lines, then_tables, i1, i2), (now_lines, now_tables, j1, j2)):
            names[at is None].append(NewsChange((i1, i2), (j1, j2), at, (), key))
            continue
        changes.append(_told_one(NewsChange((i1, i2), (j1, j2), at, (), key), then_lines, now_lines, edit_lines))
    for box, parts in names.items():
        if parts:
            changes += _told_names(parts, then_lines, now_lines, edit_lines, box)
    return tuple(changes), now_lines, edit_lines


def _base(change: NewsChange, then_lines: list[str], edit_lines: list[str]) -> tuple[list[str], int]:
    """The text a change is told against, and where its lines start there: the edit, or, where the club changed
    those lines too, the shipped table the edit was made from."""
    return (edit_lines, change.at) if change.at is not None else (then_lines, change.then[0])


def _taken(base: list[str], changes: list[NewsChange], now_lines: list[str], then_lines: list[str],
           edit_lines: list[str]) -> list[str]:
    """``base`` with ``changes`` taken in (each told against it: ``_base``), the last first."""
    lines = list(base)
    for change in sorted(changes, key=lambda c: _base(c, then_lines, edit_lines)[1], reverse=True):
        start = _base(change, then_lines, edit_lines)[1]
        lines[start:start + change.then[1] - change.then[0]] = now_lines[change.now[0]:change.now[1]]
    return lines


def _told_one(change: NewsChange, then_lines: list[str], now_lines: list[str], edit_lines: list[str]) -> NewsChange:
    """``change`` in words, with why it cannot be taken in by itself where it cannot."""
    base = _base(change, then_lines, edit_lines)[0]
    taken = _taken(base, [change], now_lines, then_lines, edit_lines)
    words, alone = _words(base, taken, box=change.at is None)
    if alone is not None and change.at is not None:  # why, in the tiles' names where it is a name two tiles would have
        try:
            a_data, b_data = tomllib.loads("\n".join(base)), tomllib.loads("\n".join(taken))
        except (ValueError, RecursionError):
            a_data = b_data = None
        if a_data is not None:
            alone = _clash_said(a_data, b_data, now_lines) or alone
    return replace(change, words=tuple(words), alone=alone if change.at is not None else None)


def _told_names(parts: list[NewsChange], then_lines: list[str], now_lines: list[str], edit_lines: list[str],
                box: bool) -> list[NewsChange]:
    """Changes of names alone (``_names_alone``), all against the same text (``box``: the club changed those lines
    too), as one change in one line ("Names of 310 tiles and units (...)"), taken in together; each told by itself
    where the text with them all taken in is not that text with other names (not TOML, a key twice)."""
    base = then_lines if box else edit_lines
    try:
        a_data, b_data = (tomllib.loads("\n".join(lines))
                          for lines in (base, _taken(base, parts, now_lines, then_lines, edit_lines)))
    except (ValueError, RecursionError):
        a_data = b_data = None
    found = _renamed(a_data, b_data) if a_data is not None else None
    if not found:
        return [_told_one(part, then_lines, now_lines, edit_lines) for part in parts]
    alone = None if box else _game_of(b_data)[1]
    if alone is not None:  # a name the club gave a tile, which the update gives another: the tiles named
        alone = _clash_said(a_data, b_data, now_lines) or alone
    key = "names-" + hashlib.sha1(" ".join(part.key for part in parts).encode()).hexdigest()[:10]
    return [NewsChange(parts[0].then, parts[0].now, None if box else parts[0].at, (_names_said(*found),), key, alone,
                       tuple(parts))]


NAME_CLASHES_SAID = 3  # the tiles named in one note; the rest counted ("and 2 more")


def _clash_said(edit: dict, taken: dict, now_lines: list[str]) -> str | None:
    """Why ``taken`` (the edit ``edit`` with a change of the shipped table taken in) would not load, where it is a
    name two tiles would share (``_name_clashes``), in words naming the tiles and the name: "the tile “Sayurin” would
    be named “ミサ”, the name the tile “Misa-senpai” has in your edit". It said the check's words alone ("field
    tiles[1].name_ja: is also the name of misa-senpai"), not which tile, nor that the club's own rename was in the
    way. None where no such name is found (the check's words are said)."""
    clashes = _name_clashes(edit, taken)
    if not clashes:
        return None
    try:
        now = tomllib.loads("\n".join(now_lines))
    except (ValueError, RecursionError):
        now = {}
    tables = [_tiles_by_id(edit), _tiles_by_id(now)]  # a tile called by its name in the edit, else today's box's
    said = [rules_text("news_name_clash", tile=as_typed(_called(tile, name, tables)), name=as_typed(name),
                       other=as_typed(_called(other, name, tables)))
            for tile, name, other in clashes[:NAME_CLASHES_SAID]]
    if len(clashes) > NAME_CLASHES_SAID:
        said.append(rules_text("news_name_clash_more", n=len(clashes) - NAME_CLASHES_SAID))
    return _list(said)


def _tiles_by_id(data: dict) -> dict[str, dict]:
    """A parsed table's tiles (``[[tiles]]``) by their ids, each as its table."""
    tiles = data.get("tiles") if isinstance(data, dict) else None
    return {x["id"]: x for x in tiles if isinstance(x, dict) and isinstance(x.get("id"), str)} \
        if isinstance(tiles, list) else {}


def _tile_names(tile: dict) -> list[tuple[str, str]]:
    """A parsed tile's names, (key, name): its id, Japanese and English names, reading and other spellings."""
    names = [(k, tile[k]) for k in ("id", "name_ja", "name_en", "reading") if isinstance(tile.get(k), str)]
    aliases = tile.get("aliases")
    return names + [("aliases", a) for a in (aliases if isinstance(aliases, list) else []) if isinstance(a, str)]


def _one_name(key: str, name: str, other_key: str, other: str) -> bool:
    """Whether two tiles' names are one name as the catalog refuses it (``scorer.catalog.parse_game``): two Japanese
    names alike (a hand typed in Japanese names a tile by it); a reading or other spelling typed as another tile's
    name (``name_key``)."""
    if key == other_key == "name_ja":
        return name == other
    if "reading" not in (key, other_key) and "aliases" not in (key, other_key):
        return False
    return bool(name_key(name)) and name_key(name) == name_key(other)


def _name_clashes(edit: dict, taken: dict) -> list[tuple[str, str, str]]:
    """The names ``taken`` gives a tile that another tile has in ``edit`` (and still has): (the tile's id, the name,
    the other tile's id), a pair once."""
    before, after = _tiles_by_id(edit), _tiles_by_id(taken)
    names = {tile_id: (_tile_names(tile), _tile_names(before.get(tile_id, {}))) for tile_id, tile in after.items()}
    kept = {tile_id: [n for n in now if n in then] for tile_id, (now, then) in names.items()}
    out = []
    for tile_id, (now, then) in names.items():
        new = [n for n in now if n not in then and n[0] != "id"]
        for other_id in after if new else ():
            found = next((name for key, name in new for other_key, other_name in kept[other_id]
                          if other_id != tile_id and _one_name(key, name, other_key, other_name)), None)
            if found is not None:
                out.append((tile_id, found, other_id))
    return out


def _called(tile_id: str, name: str, tables: list[dict[str, dict]]) -> str:
    """A tile called by a name of it other than ``name`` (the one two tiles would share): its name in the screen's
    language in the first of ``tables`` that has one, else in the other language, else its id."""
    keys = ("name_ja", "name_en") if lang() == "ja" else ("name_en", "name_ja")
    for key in keys:
        for table in tables:
            called = table.get(tile_id, {}).get(key)
            if isinstance(called, str) and called.strip() and name_key(called) != name_key(name):
                return called
    return tile_id


def _renamed(a: dict, b: dict) -> tuple[int, set[str]] | None:
    """How many tiles and units ``b`` names otherwise than ``a`` does, and in which keys (``NAME_KEYS``), where the
    two tables differ in those names alone; None where they differ otherwise, or not at all."""
    if a == b or _without_names(a) != _without_names(b):
        return None
    n, keys = 0, set()
    for table, names in NAME_KEYS.items():
        for x, y in zip(a.get(table, []), b.get(table, [])):
            differ = {k for k in names if x.get(k) != y.get(k)} if isinstance(x, dict) and isinstance(y, dict) else set()
            n, keys = n + bool(differ), keys | differ
    return (n, keys) if n else None


def _without_names(data: dict) -> dict:
    """A parsed table without the names of its tiles and units (``NAME_KEYS``)."""
    out = dict(data)
    for table, names in NAME_KEYS.items():
        if isinstance(out.get(table), list):
            out[table] = [{k: v for k, v in x.items() if k not in names} if isinstance(x, dict) else x
                          for x in out[table]]
    return out


_HEADER = re.compile(r"\s*\[\[?\s*([^\]]*?)\s*\]")  # a table's header line: [[tiles]], [payout]
_KEY = re.compile(r"\s*([A-Za-z0-9_-]+)\s*=")  # a line that sets a key


def _tables(lines: list[str]) -> list[str]:
    """The name of the table each line lies in ("tiles" for a [[tiles]] one; "" before the first header)."""
    out, table = [], ""
    for line in lines:
        found = _HEADER.match(line)
        if found is not None:
            table = found[1]
        out.append(table)
    return out


def _names_alone(*sides: tuple[list[str], list[str], int, int]) -> bool:
    """Whether a change's lines on each side (the lines, the table each lies in: ``_tables``, and the change's
    lines there) are each blank, a comment or a key that names a tile or a unit (``NAME_KEYS``) in its table, one
    such key at least: a change of names alone (checked again, read as TOML, by ``_told_names``). A change of
    comments alone is not one: it goes along with whatever is taken."""
    keys = 0
    for lines, tables, start, end in sides:
        for i in range(start, end):
            text = lines[i].strip()
            if not text or text.startswith("#"):
                continue
            found = _KEY.match(text)
            if found is None or found[1] not in NAME_KEYS.get(tables[i], ()):
                return False
            keys += 1
    return keys > 0


def news_to_take(game_id: str) -> bool:
    """Whether the Rules page lists a change of the shipped table to take into ``game_id``'s edit in use
    (``changes_since``: a change in words), or cannot tell what changed: the score pages warn of an edit out of date
    then only. They warned where the shipped text differed at all: an update of comments alone, or one the edit had
    copied already, where the Rules page said "Your edit already has the shipped table's changes"."""
    diff = settings.shipped_changes(game_id, lang())
    if not diff:
        return False
    found = changes_since(game_id, diff, settings.made_from_unknown(game_id))
    return found is None or any(change.words for change in found[0])
