"""Japanese and English strings of the app. ``t(key)`` picks the language chosen in the sidebar."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from scorer.attribute_names import value_pair  # the scorer's table of value names: one source
from tilelens.event.rules import SMALL_PHOTO  # a small photo said as the event check says it: one source
from tilelens.labelling.checks import ISSUE_KIND_JA  # label check's problems in Japanese: one source

LANGS = ("ja", "en")
LANG_KEY = "lang"

# key: (Japanese, English)
STRINGS: dict[str, tuple[str, str]] = {
    "app_title": ("tilelens", "tilelens"),
    "language": ("言語 / Language", "言語 / Language"),
    "page_score_photo": ("写真で採点", "Score a photo"),
    "page_score_manual": ("手入力で採点", "Enter a hand"),
    "page_ledger": ("成績表", "Table ledger"),
    "page_rules": ("ルールと役", "Rules and yaku"),
    "page_event": ("配牌チェック", "Event check"),
    "page_label": ("ラベル付け", "Label tiles"),
    "page_menu": ("ページ", "Pages"),
    "game": ("ゲーム", "Game"),
    "take_photo": ("カメラで撮る", "Take a photo"),
    "upload_photo": ("写真を選ぶ", "Upload a photo"),
    "photo_hint": ("牌を一列に並べ、持ち主の側から、画面の大半に手牌が写るように近づいて撮ってください。",
                   "Photograph the hand from its owner's side, tiles in one row, close enough that it fills most "
                   "of the photo and every tile is visible."),
    "photo_kept": ("前に読んだ写真 ({name}) です。新しい手牌は、写真を選ぶか撮ってください。",
                   "The photo you read before ({name}). Upload or take another to read a new hand."),
    "photo_forget": ("この写真を閉じる", "Close this photo"),
    "tileset": ("牌セット", "Tile set"),
    # a tile set in the picker that learnt under three quarters of the game's kinds (resources.sets_knowing_few)
    "tileset_knows_few": ("{name} ({total}種類のうち{known}種類を覚えています)",
                          "{name} (knows {known} of {total} kinds)"),
    "added_before_correction": ("この写真の手牌は、訂正の前に成績表に記録済みです ({n}局目)。同じ上がりを2回は記録しません。"
                                "置き換えるには、先に成績表のページで{n}局目を取り消してから記録してください。",
                                "This photo's hand was added to the ledger before your correction (hand {n}): it is not "
                                "added again (the same win twice). To replace it, undo hand {n} on the ledger page "
                                "first, then add it."),
    # beside the ledger box's Add, off: the photo's hand recorded already, other hands since, chosen again with
    # another winner (one photo is one hand)
    "photo_in_ledger_refused": ("この写真の手は対局 #{id}の{n}局目として成績表に記録済みなので、もう一度は記録しません。"
                                "上がった人などを直すには、成績表のページで{n}局目まで取り消してから記録してください。",
                                "This photo's hand is already in the ledger, as hand {n} of match #{id}: it is not added "
                                "again. To change it (another winner), undo the hands back to hand {n} on the ledger "
                                "page, then add it."),
    "added_earlier": ("この写真の手は対局 #{id}の{n}局目として成績表に記録済みです。",
                      "This photo's hand is already in the ledger, as hand {n} of match #{id}."),
    # beside the ledger box's Add, off: the photo's hand recorded in a match other than the one it would go to
    "added_in_other_match": ("この写真の手は対局 #{id}の{n}局目として成績表に記録済みです。対局 #{this}には記録しません。"
                             "対局 #{this}に記録し直すには、先に成績表のページで対局 #{id}のこの局を取り消してください。",
                             "This photo's hand is already in the ledger, as hand {n} of match #{id}: it is not added "
                             "to match #{this} too. To record it in match #{this} instead, first undo it in match "
                             "#{id} on the ledger page."),
    "tileset_gone": ("牌セット {name}はもうありません。{game}のモデルで読みました。",
                     "The tile set {name} is no longer there: the photo was read with the {game} model."),
    # said on a phone too, which has no terminal: the page that teaches a set, not the command line's `tilelens enroll`
    "tileset_help": ("自分の牌の写真で覚えさせた牌セットで読みます (「ラベル付け」のページの「この牌を覚えさせる」で作れます)。",
                     "Read with a set taught from photos of your own tiles (made on the Label tiles page, with "
                     "\"Teach the recognizer these tiles\")."),
    "foreign": ("このゲームにない牌 ({kinds}) は除きました。", "Tiles this game does not have were left out: {kinds}"),
    "other_game": ("この写真の牌は {game}の牌に見えません。選んだゲームが合っているか確かめてください (見たことの"
                   "ない牌のセットは、「ラベル付け」のページで教えるまでうまく読めません)。",
                   "These tiles do not look like {game}'s: is the game right? (A tile set the recognizer has never "
                   "seen reads poorly until it is taught on the Label tiles page.)"),
    # the same, where tile sets the photo page offers for the game read it ({sets}; {picker}: the "Tile set" picker
    # above), with a button reading the photo with the first of them (other_game_read_with)
    "other_game_sets": ("この写真の牌は {game}の牌に見えません。選んだゲームが合っているか確かめてください。上の"
                        "「{picker}」で選べるセット ({sets}) の牌なら、そのセットを選ぶと読めます。",
                        "These tiles do not look like {game}'s: is the game right? If they are the tiles of a set "
                        "offered under “{picker}” above ({sets}), choose it there to read them with it."),
    "other_game_read_with": ("{name}で読み直す", "Read with {name}"),
    # the same, where another game's classifier reads the tiles surer ({other}: vision.HandReading.looks_like)
    "other_game_like": ("この写真の牌は{game}の牌に見えません。{other}の牌に見えます。選んだゲームが合っているか確かめて"
                        "ください ({other}の牌なら、上でゲームを{other}にしてください)。",
                        "These tiles do not look like the tiles of {game} but like those of {other}: is the game "
                        "right? (If they are, choose {other} as the game above.)"),
    # the kinds of the game the photo's model never learnt (vision.HandReading.unlearnt_kinds), and the tile sets
    # taught for the game on every kind of it (tilesets_naming_all), where there are some
    # {keep}: the photo page's "Keep this photo" just below (the first step), the Label page the second
    "unlearnt_kinds": ("この写真を読んだモデルは{game}の{kinds}を覚えていないため、その牌をほかの牌と読み違えます。"
                       "その牌をタップして直し、下の「{keep}」で写真を残してから、「ラベル付け」のページで覚えさせて"
                       "ください。",
                       "The model reading this photo never learnt {kinds} of {game}, so it misreads those tiles as "
                       "others: tap each to correct it, keep the photo with “{keep}” below, then teach them on the "
                       "Label tiles page."),
    # every tile of those kinds in the hand was named by the person: said so, no longer warned of
    "unlearnt_named": ("{kinds}の牌はご自身で直してあります (この写真を読んだモデルは{kinds}を覚えていません)。下の「{keep}」で"
                       "写真を残してから、「ラベル付け」のページで覚えさせると、次の写真からは読めます。",
                       "You named the {kinds} tiles yourself (the model reading this photo never learnt {kinds}). "
                       "Keep the photo with “{keep}” below, then teach them on the Label tiles page, and the next "
                       "photos read them."),
    # tiles read as kinds the table in use does not have (a member a house table dropped), kept in the hand as a
    # kind the table has (the one in her place): to be checked
    "stood_in": ("この表にない牌 ({kinds}) と読んだ牌は、{guesses}として手牌に入れました (赤い枠・番号に「?」)。タップして"
                 "確かめてください。",
                 "Tiles read as {kinds}, which this table does not have, are in the hand as {guesses} (marked "
                 "red, a ? after the number): tap each to check it."),
    "unlearnt_sets": (" すべての牌を覚えた牌セット ({sets}) を「牌セット」で選ぶと読めます。",
                      " A tile set taught on every tile ({sets}) reads them: choose it under “Tile set”."),
    "reading": ("牌を読んでいます…", "Reading the tiles…"),
    "no_model": ("この写真を読むモデルがありません: {err}", "No recognition model can read this: {err}"),
    "bad_image": ("写真を読めません。{err}", "The photo cannot be read. {err}"),
    # as `tilelens read` says it (``vision.read_cli.NO_TILES``): a small hand in a big photo is the likeliest cause
    "no_tiles": ("牌が見つかりませんでした。写真の中で牌が小さすぎるか、写っていないのかもしれません。手牌全体が写るように近づいて、"
                 "明るい場所で撮り直してください。",
                 "No tiles found in this photo: they may be too small in it, or not in view. Retake it closer, with "
                 "the whole hand in the frame, in good light."),
    "no_tiles_small": ("牌が見つかりませんでした。写真が小さすぎます ({w}×{h}ピクセル)。チャットやスクリーンショットで縮んだ写真ではなく、"
                       "カメラで撮った元の写真を使ってください。",
                       "No tiles found: this photo is only {w}×{h} pixels, too small to read tiles. Send the camera's "
                       "own photo, not a copy shrunk by a chat app or a screenshot."),
    "no_tiles_plain": ("牌が見つかりませんでした。写真に模様がなく、何も写っていないようです。手牌に近づいて、明るい場所で撮ってください。",
                       "No tiles found: the photo has no detail, as if nothing is in it. Photograph the hand's "
                       "tiles, close and in good light."),
    # a photo too dark for a tile to be found (``vision.photo_checks.dark``, no tile read), as `tilelens read` says it
    "no_tiles_dark": ("牌が見つかりませんでした。写真が暗すぎます。明るい場所で撮り直してください。",
                      "No tiles found: the photo is too dark. Retake it in better light."),
    "no_tiles_by_hand": ("写真からは牌を読み取れませんでした。下の手牌は、手で追加した牌だけです。",
                         "No tiles were found in this photo: the hand below is only the tiles you added by hand."),
    "small_photo": SMALL_PHOTO[::-1],  # the event check says it too (``tilelens.event.rules``): one source
    "small_tiles": ("写真の中の牌が小さく (高さ約 {px}ピクセル)、読み違えやすくなります。もっと近づいて撮り直すか、カメラの元の大きさの写真を使うと読み取りやすくなります。",
                    "The tiles are small in this photo (about {px} px tall), so they are misread more often: a closer "
                    "photo, or the camera's full-size one, reads them more reliably."),
    "blurry": ("写真がぼやけています。読み違いがあれば牌をタップして直してください。",
               "The photo looks blurry: tap any misread tile to correct it."),
    "blurry_retake": ("写真がぼやけています。ピントを合わせて撮り直してください。",
                      "The photo looks blurry: retake it in focus."),
    # more than a third of the tiles read unsurely (``vision.photo_checks.many_unsure``): a retake first, blurry or not
    # the red tiles named by their sign too, as ``low_conf`` names them: a colour-blind eye sees no red
    "blurry_many": ("写真がぼやけていて、{m}枚中{n}枚の牌の信頼度が低くなっています (赤・番号に「?」)。1枚ずつ直す前に、"
                    "ピントを合わせ、カメラを動かさずに撮り直してください。",
                    "The photo looks blurry, and {n} of {m} tiles were read with low confidence (red, a ? after the "
                    "number): retake it in focus, the camera held still, before correcting them one by one."),
    "unsure_many": ("{m}枚中{n}枚の牌の信頼度が低くなっています (赤・番号に「?」)。1枚ずつ直す前に、撮り直してみてください "
                    "(ピントを合わせ、カメラを動かさずに、明るい場所で)。",
                    "{n} of {m} tiles were read with low confidence (red, a ? after the number): try a retake (in "
                    "focus, the camera held still, in good light) before correcting them one by one."),
    # ... on a photo whose colour note is said below it (no colour, or a 256-colour palette): that cause named, not
    # focus and light (``quality_said``; `tilelens read` says the same: ``vision.read_cli.QUALITY_NOTES``)
    "unsure_many_colourless": ("{m}枚中{n}枚の牌の信頼度が低くなっています (赤・番号に「?」)。写真に色がないためです "
                               "(下を参照。牌は色でも見分けます)。1枚ずつ直す前に、カラーで撮り直してください。",
                               "{n} of {m} tiles were read with low confidence (red, a ? after the number): the photo "
                               "is grey, its colours lost (see below), and tiles are told apart partly by colour. "
                               "Retake it in colour before correcting them one by one."),
    "unsure_many_palette": ("{m}枚中{n}枚の牌の信頼度が低くなっています (赤・番号に「?」)。写真が256色以下で保存されている"
                            "ためです (下を参照。牌は色でも見分けます)。1枚ずつ直す前に、カメラで撮った元の写真を読み込んで"
                            "ください。",
                            "{n} of {m} tiles were read with low confidence (red, a ? after the number): the photo is "
                            "stored in 256 colours or fewer (see below), and tiles are told apart partly by colour. "
                            "Upload the camera's own photo before correcting them one by one."),
    # faces washed out by a reflection (``vision.glare``: marked to be checked), by their places in the hand: one
    # ({n}), or more ({ns}: "3 and 6", 「3枚目と6枚目」)
    "glare_one": ("{n}枚目の牌が光の反射で白く写っているかもしれません。牌を傾けるか照明を動かして撮り直すか、タップして"
                  "確かめてください。",
                  "Tile {n} may be washed out by a reflection: tilt the tile or move the light, or tap it to check."),
    "glare_many": ("{ns}の牌が光の反射で白く写っているかもしれません。牌を傾けるか照明を動かして撮り直すか、タップして"
                   "確かめてください。",
                   "Tiles {ns} may be washed out by a reflection: tilt the tiles or move the light, or tap them to "
                   "check."),
    "glare_nth": ("{n}枚目", "{n}"),  # a tile's place in "glare_many" (and "hidden_many")
    "glare_and": ("と", " and "),  # before the last place of "glare_many" (and "hidden_many")
    # faces half hidden, by a rack's lip maybe (``vision.hidden``: marked to be checked), by their places as glare's
    "hidden_one": ("{n}枚目の牌は下が隠れているかもしれません (牌立ての縁で?)。タップして写真と見比べてください。",
                   "Tile {n} may be half hidden (by the rack's lip?): tap it to check it against the photo."),
    "hidden_many": ("{ns}の牌は下が隠れているかもしれません (牌立ての縁で?)。タップして写真と見比べてください。",
                    "Tiles {ns} may be half hidden (by the rack's lip?): tap them to check them against the photo."),
    "dark": ("写真が暗く、牌を見落としたり読み違えたりしやすくなります。明るい場所で撮り直してください。",
             "The photo is dark: tiles may be missed or misread. Retake it in better light."),
    # a box at the photo's edge (``vision.photo_checks.at_edge``); {add}: the toggle "add_missed"
    "at_edge": ("写真の端の牌が切れているかもしれません。手牌全体が写るように撮り直すか、下で直すか「{add}」で追加してください。",
                "A tile at the photo's edge may be cut off: retake with the whole hand in the photo, or correct it "
                "below, or add it with “{add}”."),
    # the same with a hand read one tile short of the game's (13 of riichi's 14, 8 of Donjara's 9): its waits are shown,
    # but a winning hand photographed has them all; one note, which asks once (the two notes joined asked to add twice)
    "at_edge_short": ("写真の端の牌が切れているかもしれません。牌を{n}枚読みました。上がった手牌なら1枚読み落としています。"
                      "手牌全体が写るように撮り直すか、下の「{add}」で追加してください。",
                      "A tile at the photo's edge may be cut off. {n} tiles read: if this is a winning hand, one tile "
                      "was missed. Retake with the whole hand in the photo, or add it below with “{add}”."),
    # the orientation model leans to upside down, the hand shown as taken (``vision.photo_checks.leans_upside_down``)
    "upside_down_maybe": ("手牌が逆さまに写っているかもしれません。そうなら「{turn}」を押してください。",
                          "The hand may be shown upside down: if so, press “{turn}”."),
    "photo_note_colourless": ("写真に色がありません (白黒)。牌は色でも見分けるので (赤ドラの5、發、萬子の赤い字)、"
                              "多くの牌を読み違えるおそれがあります。カラーで撮ってください。",
                              "The photo has no colour: tiles are told apart partly by colour (red fives, the green "
                              "dragon, red-inked characters), so many may be misread: photograph in colour."),
    # the same for a Donjara game (``DONJARA_NOTES`` of the photo page): its tiles' colours, not riichi's
    "photo_note_colourless_donjara": ("写真に色がありません (白黒)。牌は色でも見分けるので (色の印、色だけが違う牌)、"
                                      "多くの牌を読み違えるおそれがあります。カラーで撮ってください。",
                                      "The photo has no colour: tiles are told apart partly by colour (their colour "
                                      "marks, tiles that differ only in colour), so many may be misread: "
                                      "photograph in colour."),
    "photo_note_palette_donjara": ("写真が256色以下で保存されています。牌の色の印のような小さな色が消えて、読み違えることがあります。"
                                   "カメラで撮った元の写真を使うと読み取りやすくなります。",
                                   "The photo is stored in 256 colours or fewer (a GIF or palette PNG): small colour "
                                   "marks on the tiles may be lost and tiles misread: the camera's own photo reads "
                                   "better."),
    "photo_note_palette": ("写真が256色以下で保存されています。赤ドラの赤のような小さな色が消えて、読み違えることがあります。"
                           "カメラで撮った元の写真を使うと読み取りやすくなります。",
                           "The photo is stored in 256 colours or fewer (a GIF or palette PNG): small colour marks "
                           "such as a red five's may be lost and tiles misread: the camera's own photo reads better."),
    "photo_note_animated": ("アニメーション画像のため、最初のコマだけを読みました。",
                            "An animation: only its first frame was read."),
    # a file of several pages (a multi-page TIFF, a scan): as `tilelens read` says it (``vision.read_cli`` NOTES)
    "photo_note_multipage": ("複数のページ (画像) が入ったファイルのため、最初のページだけを読みました。",
                             "The file holds several pages (pictures): only its first page was read."),
    "photo_note_two_hands": ("この写真には手牌が2つあるようです (1人分より多い牌が2か所に分かれて写っています)。1つとして読みました。"
                             "手牌は1つずつ撮ってください。",
                             "Two hands may be in this photo (more tiles than a hand, in two groups apart), read as "
                             "one: photograph one hand."),
    "turned_half": ("向かい側から撮った手牌として、持ち主から見た向きに回して読みました。",
                    "Read as a hand photographed from across the table: shown turned round, as its owner sees it."),
    "turned_quarter": ("横から撮った手牌として、持ち主から見た向きに回して読みました。",
                       "Read as a hand photographed from the side: shown turned, as its owner sees it."),
    "turn_dropped": ("向きを変えて読み直したので、直した牌も読み直しました。もう一度確かめてください。",
                     "Turned and read again: the tiles you had corrected were read afresh too. Check them again."),
    "turn_kept": ("向きを変えて読み直しました。手で追加した牌は、写真の牌のあとに残しています。",
                  "Turned and read again: the tiles you added by hand are kept, after the photo's."),
    "added_refused": ("手で追加した {tiles}は、読み直した牌と合わせるとセットの枚数を超えるので外しました。",
                      "Not kept, added by hand: {tiles}. With the tiles read again, the hand would hold more "
                      "copies than the set has."),
    "set_dropped": ("別の牌セットで読み直したので、直した牌も読み直しました。もう一度確かめてください。",
                    "Read again with another tile set: the tiles you had corrected were read afresh too. Check them "
                    "again."),
    "set_dropped_removed": ("別の牌セットで読み直したので、外した牌も戻りました。もう一度確かめてください。",
                            "Read again with another tile set: the tiles you had taken out are back. Check the hand "
                            "again."),
    "turned_chosen": ("指定した向きに回して読み直しました。", "Read again turned the way you chose."),
    "turn_left": ("↺ 左に回す", "↺ Turn left"),
    "turn_round": ("⟲ 逆さにする", "⟲ Turn round"),
    "turn_right": ("↻ 右に回す", "↻ Turn right"),
    "turn_help": ("手牌が持ち主から見た向きに写っていなければ、写真を回してください。その向きで読み直します。",
                  "If the hand is not shown as its owner sees it, turn the photo: it is read again that way up."),
    "low_conf": ("赤い枠 (番号に「?」) と赤いボタン (⚠) は信頼度の低い牌です。タップして確かめてください。",
                 "Red boxes (a ? after the number) and red buttons (⚠) mark tiles read with low confidence: "
                 "tap to check."),
    # the photo's red tiles that are stand-ins (``photo.stand_ins``: read as a kind the table does not have), said for
    # what they are: alone, or beside tiles of low confidence
    "stand_in_conf": ("赤い枠 (番号に「?」) と赤いボタン (⚠) は、この表にない牌と読んで、代わりの牌として手牌に入れた"
                      "牌です。タップして確かめてください。",
                      "Red boxes (a ? after the number) and red buttons (⚠) mark tiles read as a kind this table does "
                      "not have, put in the hand as the kind in its place: tap to check."),
    "low_conf_both": ("赤い枠 (番号に「?」) と赤いボタン (⚠) は、信頼度の低い牌と、この表にない牌と読んで代わりの牌として"
                      "手牌に入れた牌です。タップして確かめてください。",
                      "Red boxes (a ? after the number) and red buttons (⚠) mark tiles read with low confidence, and "
                      "tiles read as a kind this table does not have, put in the hand as the kind in its place: tap "
                      "to check."),
    "unsure_alt": ("{name} (信頼度が低いので、タップして確かめてください)",
                   "{name} (low confidence: tap to check)"),
    # a win resting on tiles to check (``PhotoTile.low``): the result's top line, and the ledger box's tick before Add
    # ({tiles}: each by its place in the photo and its name, "tile 3: Yokai 01, tile 9: Almighty")
    "unsure_win": ("{n}枚の読みが不確か。確かめてから記録してください", "{n} tiles read unsure: check them before recording"),
    "unsure_win_one": ("1枚の読みが不確か。確かめてから記録してください", "1 tile read unsure: check it before recording"),
    "unsure_seen": ("{tiles}を写真と見比べて確かめました", "I have checked {tiles} against the photo"),
    "unsure_seen_tile": ("{n}枚目の{name}", "tile {n}: {name}"),  # one of "unsure_seen"'s {tiles}
    "unsure_seen_help": ("信頼度の低い牌です。チェックを入れるまで「{add}」は押せません。牌をタップして直すか、"
                         "同じ牌を選び直すと、確かめた牌になります。",
                         "These tiles were read with low confidence: \"{add}\" waits for this tick. Tap a tile to fix it, "
                         "or pick the same tile again: it is then checked."),
    "stand_in_alt": ("{name} (この表にない牌と読んだので、タップして確かめてください)",
                     "{name} (read as a tile this table does not have: tap to check)"),
    # a face washed out by a reflection (``vision.glare``), in the hand strip: its picture's text and button's
    "glare_alt": ("{name} (光の反射で白く写っているかもしれないので、タップして確かめてください)",
                  "{name} (may be washed out by a reflection: tap to check)"),
    # a screen reader reads a 「?」 as a pause or not at all (NVDA at its default level says nothing of a "?" before a
    # space): a doubtful tile said in words (``boxed_low``), one washed out by a reflection so too (``boxed_glare``)
    "boxed_alt": ("牌に枠と番号を付けた写真 (信頼度の低い牌は「要確認」): {tiles}",
                  "The photo, its tiles boxed and numbered (a tile to check says “low confidence”): {tiles}"),
    "boxed_low": ("要確認", "low confidence"),
    "boxed_glare": ("光の反射かも", "maybe a reflection"),
    "tiles_read": ("読んだ牌 ({n}枚)", "Tiles read ({n})"),
    "hand_melds": ("手牌 ({n}枚: 手の内 {held}枚、鳴き {rest}枚)", "Hand ({n} tiles: {held} held, {rest} in melds)"),
    "hand": ("手牌 ({n}枚)", "Hand ({n} tiles)"),
    "hand_one": ("手牌 (1枚)", "Hand (1 tile)"),  # "hand" of one tile
    "tap_to_fix": ("直す牌を選ぶ", "Tap a tile to correct it"),
    "fix_tile": ("{i}枚目の牌を直す", "Correct tile {i}"),
    "alternatives": ("候補", "Likely"),
    "all_tiles": ("すべての牌", "All tiles"),
    "filter": ("絞り込み", "Filter"),
    "all": ("すべて", "All"),
    "cancel": ("やめる", "Cancel"),
    "remove_tile": ("この牌を外す", "Remove this tile"),
    # the help of the same button for a tile of the photo (its box): a reflection or a shadow read as a tile goes this
    # way too
    "remove_not_tile": ("手牌にない牌や、光の反射・影など牌ではないものも、これで外せます。",
                        "For a box on a tile not in the hand, or on no tile at all (a reflection, a shadow) too."),
    "add_missed": ("写真にない牌を追加", "Add a tile the photo missed"),
    "add_tile": ("牌を追加", "Add a tile"),
    "clear_hand": ("全部消す", "Clear"),
    "type_hand": ("文字で入力 (例: {example})", "Type the hand (e.g. {example})"),
    "set_hand": ("この手牌にする", "Use this hand"),
    # a typed hand refused: the hand below (and its result) is still the one before it
    "typed_not_used": ("{err}。この入力は使っていないので、下の手牌は前のままです。",
                       "{err}. Not used: the hand below is still the one before."),
    "nothing_typed": ("何も入力されていません。牌を入力してから「この手牌にする」を押してください。",
                      "Nothing typed: type the hand's tiles, then press Use this hand."),
    "nothing_typed_clear": ("手牌を空にするには「{clear}」を押してください。", "To empty the hand, press \"{clear}\"."),
    # a Donjara hand's payers as the scorer numbers them, without the winner
    "payers_others": ("プレイヤー1〜{n}は上がった人以外の人です。それぞれが上がった人に支払います。",
                      "Players 1 to {n} are the winner's opponents: each pays the winner."),
    "hand_aside": ("{game}の手牌 ({n}枚) は取っておきました。{game}に戻すと元に戻ります。",
                   "The {game} hand ({n} tiles) is kept aside: choose {game} again to get it back."),
    "hand_aside_one": ("{game}の手牌 (1枚) は取っておきました。{game}に戻すと元に戻ります。",
                       "The {game} hand (1 tile) is kept aside: choose {game} again to get it back."),
    "rules_changed_kept": ("{game}のルールが「ルールと役」のページで変更されました。手牌はそのままで、新しいルールで採点します。",
                           "The rules of {game} were changed on the Rules and yaku page: the hand is kept and "
                           "scored by the new rules."),
    "rules_changed_gone": ("{game}のルールが「ルールと役」のページで変更され、{tiles}は牌になくなりました。手牌 ({n}枚) は"
                           "取っておきました (その牌がルールに戻ると、「手入力で採点」のページでは元に戻ります)。",
                           "The rules of {game} were changed on the Rules and yaku page: {tiles} is no longer one "
                           "of its tiles. The hand ({n} tiles) is kept aside (on the Enter a hand page it comes back "
                           "when the rules have that tile again)."),
    "rules_changed_gone_more": ("{game}のルールが「ルールと役」のページで変更され、{tiles}は牌になくなりました。手牌 ({n}枚) は"
                                "取っておきました (その牌がルールに戻ると、「手入力で採点」のページでは元に戻ります)。",
                                "The rules of {game} were changed on the Rules and yaku page: {tiles} are no "
                                "longer among its tiles. The hand ({n} tiles) is kept aside (on the Enter a hand page "
                                "it comes back when the rules have those tiles again)."),
    "rules_broken_fix": ("「ルールと役」のページで、このルールを直すか、「同梱の表に戻す」を押してください。",
                         "The Rules and yaku page can fix this table, or press “Restore the shipped default” "
                         "there."),
    # a game added in the app has no shipped default: its own file broken, or an edit of it (``common.game_select``)
    "rules_broken_fix_added": ("「ルールと役」のページで、このゲームのファイルを直すか、ゲームを削除して、直したファイルを"
                               "追加し直せます。",
                               "The Rules and yaku page can fix this game's file, or remove the game and add its file "
                               "again once it is fixed."),
    "rules_broken_fix_added_edit": ("「ルールと役」のページで、このルールを直すか、追加したときの表に戻せます。",
                                    "The Rules and yaku page can fix this table, or restore the table as added."),
    # ... said on the Rules page itself (``common.game_select(rules_link=False)``): where on it
    "rules_broken_fix_here": ("下の「表を編集 (主催者向け)」の TOML 欄で直して「検証して保存」を押すか、「同梱の表に戻す」を"
                              "押してください。",
                              "Fix it in the TOML box under “Edit the table” below, then press “Validate and save”; or "
                              "press “Restore the shipped default” there to play the box's table."),
    "rules_broken_fix_added_here": ("下の「表を編集 (主催者向け)」の TOML 欄で直して「検証して保存」を押すか、ゲームを削除して、"
                                    "直したファイルを追加し直せます。",
                                    "Fix it in the TOML box under “Edit the table” below, then press “Validate and "
                                    "save”; or remove the game and add its file again once it is fixed."),
    "rules_broken_fix_added_edit_here": ("下の「表を編集 (主催者向け)」の TOML 欄で直して「検証して保存」を押すか、"
                                         "「追加したときの表に戻す」で戻せます。",
                                         "Fix it in the TOML box under “Edit the table” below, then press “Validate "
                                         "and save”; or press “Restore the table as added” there."),
    # a table saved by an earlier tilelens that a check added since would refuse (``settings.stored_warning``: a
    # noten_total of 1,000 at four, paid 333 x 3): played as it was, said on every page (``common.game_select``)
    "stored_table_warning": ("{problem}。この表は以前の tilelens で保存したもので、そのときのまま使っています。直すまで"
                             "「ルールと役」のページでは保存できません (「表を編集 (主催者向け)」の TOML 欄で直します)。",
                             "{problem}. This table was saved by an earlier tilelens and is played as it was then; the "
                             "Rules and yaku page saves it again only once it is fixed (in the TOML box under “Edit "
                             "the table”)."),
    "added_file_broken": ("これは追加したゲームのファイルそのものです。ここで直して保存するか、下の「このゲームを削除」で"
                          "ゲームを削除して、直したファイルを追加し直せます。",
                          "This is the added game's own file: fix it here and save, or use “Remove this game” below "
                          "to remove the game and add its file again once it is fixed."),
    "rules_open": ("ルールと役を開く", "Open Rules and yaku"),
    "photo_aside": ("{game}で読んだ写真 ({name}) と直した牌は取っておきました。{game}に戻すと元に戻ります。",
                    "The {game} reading of the photo ({name}), with the tiles you fixed, is kept aside: choose "
                    "{game} again to get it back."),
    "photo_back": ("前に読んだ写真 ({name}) の読み取りと直した牌を戻しました。",
                   "The earlier reading of the photo ({name}) is back, with the tiles you fixed."),
    "photo_back_read": ("前に読んだ写真 ({name}) の読み取りを戻しました。",
                        "The earlier reading of the photo ({name}) is back."),
    "photo_aside_gone": ("取っておいた写真 ({name}) の読み取りは戻せませんでした。{tiles}が {game}のルールになくなりました。"
                         "写真を読み直したので、牌を確かめてください。",
                         "The reading of the photo ({name}) kept aside could not come back: the rules of {game} no "
                         "longer have {tiles}. The photo was read again: check its tiles."),
    "hand_aside_gone": ("取っておいた {game}の手牌 ({n}枚) は戻せませんでした。{tiles}がルールになくなりました "
                        "(その牌がルールに戻ると元に戻ります)。",
                        "The {game} hand kept aside ({n} tiles) could not come back: the rules of {game} no longer "
                        "have {tiles} (the hand comes back when they have its tiles again)."),
    "hand_aside_gone_one": ("取っておいた {game}の手牌 (1枚) は戻せませんでした。{tiles}がルールになくなりました "
                            "(その牌がルールに戻ると元に戻ります)。",
                            "The {game} hand kept aside (1 tile) could not come back: the rules of {game} no longer "
                            "have {tiles} (the hand comes back when they have its tile again)."),
    "palette": ("牌を選んで手牌に追加", "Tap tiles to add them to the hand"),
    "palette_count": ("牌を選んで手牌に追加 (いま {have}/{n}枚)", "Tap tiles to add them to the hand ({have} of {n} now)"),
    "no_more_copies": ("{name}はセットに {n}枚しかなく、全部手牌 (と鳴き) にあります。追加しませんでした。",
                       "The set has {n} of {name}, all already in the hand (or its melds): not added."),
    "no_more_copies_red": ("{name}はセットに {n}枚しかなく、全部手牌 (と鳴き) にあります。4枚目は赤ドラ {red} です。",
                           "The set has {n} of {name}, all already in the hand (or its melds): the fourth is the "
                           "red five {red}."),
    "no_more_copies_reds": ("{name}はセットに普通の牌が {n}枚、赤ドラ {red}が {reds}枚あり、普通の牌は全部手牌 (と鳴き) "
                            "にあります。追加しませんでした。",
                            "The set has {n} plain {name} and {reds} red ({red}), the plain ones all already in the hand "
                            "(or its melds): not added."),
    # a house set's red fives alone (two red 5p, no plain one): a meld's plain 5p; a tile the set leaves out
    "no_plain_five": ("このセットに普通の{name}はなく、赤ドラ {red}が {reds}枚だけです。追加しませんでした。",
                      "The set has no plain {name}, only {reds} red ({red}): not added."),
    "no_copy_in_set": ("{name}はこのセットにありません。追加しませんでした。",
                       "The set has no {name}: not added."),
    "hand_full": ("手牌は {n}枚までです。追加しませんでした。牌を入れ替えるには、手牌の牌をタップしてください。",
                  "The hand already holds its {n} tiles: not added. Tap a tile of the hand to change or remove it."),
    # the meld builder's kan of a photo's pon, the hand a tile short: its fourth tile would be a tile of the hand, the
    # pon no kan (``options._photo_pon_made_kan``); {add}: "add_missed"
    "kan_hand_short": ("写真の「{tile}」のポンをカンにしませんでした: 手牌がまだ足りないため、いま「{tile}」を追加すると"
                       "ポンの4枚目ではなく手牌の牌になります。先に足りない牌を「{add}」で追加してから、もう一度「{tile}」の"
                       "カンを選んでください。",
                       "The photo's pon of {tile} was not made a kan: the hand is still short of a tile, so a {tile} "
                       "added now would count as a tile of the hand, not as the pon's fourth. Add the missing tile "
                       "first (“{add}”), then choose kan of {tile} again."),
    "options": ("条件", "Options"),
    "win_kind": ("上がり方", "Win"),
    # the ledger form's own box of it, beside the winner (the options' fold has the other): one label each
    "ledger_win_kind": ("記録する上がり方", "Win to record"),
    "win_kind_help": ("手ごとにツモかロンかを選びます (初期値は{kind})。", "Tsumo or ron, for each hand: a new one starts at {kind}."),
    "tsumo": ("ツモ", "Tsumo (self-draw)"),
    "ron": ("ロン", "Ron (discard)"),
    "riichi": ("リーチ", "Riichi"),
    "dealt_tenpai": ("配牌でテンパイ (リーチなしで上がれる)", "Dealt tenpai (wins without riichi)"),  # the rest: its help
    "dealt_tenpai_help": ("配られたときにあと1枚で上がりだった手は、リーチしなくても上がれます。リーチしていなければ"
                          "「{riichi}」は外してください (出していないリーチのチップは受け取りません)。",
                          "A hand already one tile from winning as dealt may win without a riichi. Untick {riichi} "
                          "unless one was declared: a riichi chip never put down is not taken back."),
    # under Ron where the game's rules make it a chombo (Nogizaka, RULES.md 001; `tilelens score --own-discard`)
    "own_discard": ("上がった人が前に捨てた牌でのロン", "Won on a tile the winner had discarded earlier"),
    "own_discard_help": ("この局で前に自分で捨てた牌でロンするとチョンボです (ツモなら上がれます)。",
                         "A ron on a tile the winner had discarded earlier in the hand is a chombo (a tsumo on it "
                         "is allowed)."),
    "favourite": ("担当アイドル", "Favourite idol"),
    # the favourite box of a score page: the chosen winner's (a match open), or the hand's own (none open)
    "favourite_of": ("{name}の担当アイドル", "{name}'s favourite idol"),
    "favourite_kept_help": ("対局の人ごとに、この端末で覚えておきます (最初に決めた担当アイドル)。上がった人を変えると、"
                            "その人の担当アイドルになります。ほかの端末では、その担当アイドルで2倍になった局が成績表に"
                            "あればそこから取り、なければもう一度選んでください。",
                            "Kept on this device for each player of the match (the favourite declared at the start): "
                            "another winner chosen shows that player's. Another phone, or a reload, takes it from a hand "
                            "of the match in the ledger that it doubled; else choose it again."),
    # a favourite this device had not chosen, taken from a hand in the ledger that it doubled (``scoring``)
    "favourite_from_hand": ("{name}の担当アイドル ({idol}) は、成績表の{n}局目から取りました (その局を記録した端末で選んだもの)。",
                            "{name}'s favourite idol, {idol}, is taken from hand {n} in the ledger (chosen on the "
                            "device that added that hand)."),
    "favourite_choose_winner": ("担当アイドル: 先に下の「{winner}」を選んでください。上がった人の担当アイドルだけが支払い"
                                "を{n}倍にします。",
                                "Favourite idol: choose the \"{winner}\" below first. Only the winner's own favourite "
                                "multiplies the payout (×{n})."),
    "favourite_winner": ("上がった人の担当アイドル", "The winner's favourite idol"),
    "favourite_hand_help": ("この手だけのものです (次の手は「なし」から)。成績表で対局を始めると、人ごとに覚えておきます。",
                            "For this hand only (the next starts at None): with a match started on the ledger page, "
                            "each player's is kept."),
    "favourite_doubles": ("担当アイドル ({name}) が手牌にあるので{n}倍", "Favourite {name} in the hand: ×{n}"),
    "favourite_not_held": ("担当アイドル {name}は手牌にないので2倍になりません", "Favourite {name} not doubled: not in the hand"),
    # the same where the hand holds an Almighty (one standing for the idol is not her)
    "favourite_not_held_almighty": ("担当アイドル {name}は手牌にないので2倍になりません (オールマイティでの代わりは数えません)",
                                    "Favourite {name} not doubled: not in the hand (an Almighty standing for it does "
                                    "not count)"),
    "favourite_house_rule": ("担当アイドル {name}: ハウスルールで2倍になりません",
                             "Favourite {name} not doubled: the house rule is off"),
    "none": ("なし", "None"),
    "players": ("人数", "Players"),
    "dealer": ("親", "Dealer"),
    "win_tile": ("上がり牌", "Winning tile"),
    "scouted": ("スカウトで揃えた組 {i}", "Group {i} completed by a Scout"),
    # a result's group completed by a Scout, tagged after its kind (``result.group_view``), as `tilelens score` does
    "group_scouted": ("スカウト", "scout"),
    "scouted_help": ("スカウト (捨て牌をもらう) で揃えた組の牌を選びます。その組は崩さずに採点します。",
                     "The tiles of a group completed by claiming a discard (Scout): it is scored kept whole."),
    "scout_short": ("スカウトした組は{n}枚以上です (いま {have}枚)。揃うまで数えません。",
                    "A scouted group has at least {n} tiles ({have} chosen): not counted until it has."),
    "win_tile_again": ("上がり牌: 手牌が変わったので、最後の牌に戻しました (選んでいたのは {tile})。",
                       "Winning tile: the hand changed, so it is its last tile again (you had chosen {tile})."),
    # the tile a riichi result was scored on (``result._won_on``): the box is in the Options, the last tile taken
    # unless chosen there (a hand typed was scored on its last tile, and the result did not say which)
    "won_on": ("上がり牌「{tile}」", "Won on {tile}"),
    "won_on_last": ("上がり牌「{tile}」 (最後に入力した牌。「{options}」で変えられます)",
                    "Won on {tile} (the last tile written: change it under {options})"),
    "won_on_last_photo": ("上がり牌「{tile}」 (手牌の最後の牌。「{options}」で変えられます)",
                          "Won on {tile} (the hand's last tile: change it under {options})"),
    "too_many_melds": ("鳴きは4つまでです ({n}つあります)", "A hand has at most four melds ({n} now)"),
    "bad_meld": ("鳴きとして数えません: {why}", "Not counted as a meld: {why}"),
    "photo_melds": ("手牌から離して置かれた牌を鳴きとして数える: {melds}",
                    "Score the tiles set apart from the hand as called melds: {melds}"),
    "melds_more": ("ほかの鳴き", "Other melds"),
    # the melds' box's placeholder and help: how a meld is typed
    "melds_example": ("例: ポン 555m、チー 123p、カン 7777z、暗カン 1111s", "e.g. pon 555m, chi 123p, kan 7777z, ankan 1111s"),
    "meld_builder": ("牌をタップして鳴きを追加", "Add a meld by tapping a tile"),
    "meld_kind": ("鳴きの種類 (チーは一番小さい牌をタップ)", "Kind of meld (for a chi, tap its lowest tile)"),
    "meld_remove": ("外す", "Remove"),
    "meld_chi": ("チー", "chi"),
    "meld_pon": ("ポン", "pon"),
    "meld_kan": ("カン", "kan"),
    "meld_ankan": ("暗カン", "closed kan"),
    "meld_kakan": ("加カン", "added kan"),
    "meld_red": ("赤ドラの5を入れる (例: 4{suit}をタップで 406{suit})", "With the red five (tap 4{suit}: 406{suit})"),
    "melds": ("鳴き", "Melds"),
    "dora": ("ドラ表示牌", "Dora indicators"),
    # what the fold holds, one of each kind named as the English names them (last tile: 海底 and 河底; kan: 嶺上 and
    # 槍槓; first turn: 天和, 地和, 人和), in two lines on a phone at most: its boxes inside name each
    "more_situations": ("一発・裏ドラ・海底・嶺上・天和・フリテンなど",
                        "Ippatsu, ura dora, last tile, kan, first turn, furiten"),  # English in plain words
    # the same fold with Riichi unticked: no ippatsu nor ura dora in it
    "more_situations_no_riichi": ("海底・嶺上・天和・フリテンなど",
                                  "Last tile, kan, first turn, furiten"),
    # the dora (and ura-dora) indicators, picked by tapping tile pictures (``options.indicator_picker``)
    "dora_add": ("牌をタップしてドラ表示牌を追加", "Add a dora indicator by tapping a tile"),
    "ura_add": ("牌をタップして裏ドラ表示牌を追加", "Add an ura-dora indicator by tapping a tile"),
    "indicator_remove": ("{name}を外す", "Take {name} out"),
    # a tile chosen more than once: which of them (a screen reader says each button's words alone)
    # {nth}: the copy's place, in the screen's language ("2枚目", "2nd": ``options.remove_words``)
    "indicator_remove_nth": ("{nth}の{name}を外す", "Take the {nth} {name} out"),
    "indicator_tap_out": ("選んだ牌をタップすると外せます。", "Tap one chosen to take it out."),
    "indicator_all_chosen": ("{n}枚とも選択済み", "all {n} chosen"),
    "indicators_full": ("ドラ表示牌は{n}枚までです (最初の1枚とカンごとに1枚)。外すと別の牌を選べます。",
                        "At most {n} dora indicators (the first, and one for each kan): take one out to choose "
                        "another."),
    "ura_full": ("裏ドラ表示牌はドラ表示牌1枚の下に1枚なので、ドラ表示牌と同じ{n}枚までです。外すと別の牌を選べます。",
                 "One ura-dora indicator lies under each dora indicator: {n} at most, as many as the dora "
                 "indicators. Take one out to choose another."),
    "ura_dora": ("裏ドラ表示牌", "Ura dora indicators"),
    "ura_dora_help": ("裏ドラ表示牌はドラ表示牌1枚の下に1枚なので、ドラ表示牌の枚数までしか選べません。",
                      "One ura-dora indicator lies under each dora indicator: no more than the dora indicators."),
    "ippatsu": ("一発", "Ippatsu"),
    "double_riichi": ("ダブルリーチ", "Double riichi"),
    # a table of three whose rules play nukidora ([riichi] nukidora = true): the norths set aside (kita), each a dora
    "nuki": ("抜きドラ (抜いた北の枚数)", "Nukidora (north tiles set aside)"),
    "nuki_help": ("抜いた北は1枚ごとにドラ1つです (役にはなりません)。抜いた北は手牌に入れないでください。",
                  "Each north set aside (kita) counts as one dora (not a yaku). Leave the norths set aside out of "
                  "the hand."),
    "last_tile_tsumo": ("海底摸月 (最後のツモ牌で上がり)", "Haitei (tsumo on the wall's last tile)"),
    "last_tile_ron": ("河底撈魚 (最後の捨て牌で上がり)", "Houtei (ron on the last discard)"),
    "rinshan": ("嶺上開花 (カンの補充牌でツモ)", "Rinshan (tsumo on a kan's replacement tile)"),
    "chankan": ("槍槓 (加カンされた牌でロン)", "Chankan (ron on a tile added to a kan)"),
    "tenhou": ("天和 (親の配牌で上がり)", "Tenhou (the dealer's win on the dealt hand)"),
    "chiihou": ("地和 (鳴きのない最初のツモで上がり)", "Chiihou (tsumo on your first draw, no call before)"),
    "renhou": ("人和 (最初のツモの前にロン)", "Renhou (ron before your first draw)"),
    # the last tile and a win on the first turn cannot both apply: one ticked, the other is disabled, saying why
    "not_with_first_turn": ("{first}は1巡目の上がりなので、最後の牌での上がりにはなりません。選ぶには{first}を外してください。",
                            "{first} is a win on the first turn, not on the last tile: untick {first} to tick this."),
    "not_with_last_tile": ("{last}は最後の牌での上がりなので、1巡目の上がりにはなりません。選ぶには{last}を外してください。",
                           "{last} is a win on the last tile, not on the first turn: untick {last} to tick this."),
    # renhou and chankan cannot both apply either: one ticked, the other is disabled, saying why
    "not_with_chankan": ("{chankan}はその前にカン (鳴き) があっての上がりなので、人和にはなりません。選ぶには{chankan}を外してください。",
                         "{chankan} robs a kan, a call made before it: no renhou then. Untick {chankan} to tick this."),
    "not_with_renhou": ("{renhou}は誰も鳴いていない最初のツモの前のロンなので、槍槓にはなりません。選ぶには{renhou}を外してください。",
                        "{renhou} is a ron before your first draw with no call made: no kan to rob. Untick {renhou} to "
                        "tick this."),
    "own_discards": ("自分の捨て牌 (フリテンの確認)", "Your own discards (furiten check)"),
    "discards_add": ("牌をタップして捨て牌を追加", "Add a discard by tapping a tile"),  # ``options._situations``
    "own_discards_help": ("待ち牌のどれかを自分で捨てていればロンできません (ツモは可)。",
                          "No ron while one of your winning tiles is among your own discards (a tsumo still wins)."),
    "wait_furiten": ("フリテン: ツモのみ", "furiten: tsumo only"),
    # a wait whose every copy is in view (riichi: indicators, own discards): no tile is left to win on
    "wait_dead": ("残りなし (すべて見えています)", "none left (every copy in view)"),
    "seat_wind": ("自風", "Seat wind"),
    "round_wind": ("場風", "Round wind"),
    "honba": ("本場", "Honba"),
    "sticks": ("場のリーチ棒 (自分の分は除く)", "Riichi sticks on the table (others' only, not yours)"),
    "sticks_help": ("前の局から残ったリーチ棒や、ほかの人のリーチ棒。自分のリーチ棒は「リーチ」で数えます。",
                    "Sticks left from earlier hands and other players' riichi; your own riichi's stick is counted by "
                    "the Riichi box."),
    "pot_taken": ("場のリーチ棒 {pot}{unit}も受け取り、合計 {total}{unit}です。",
                  "Riichi sticks on the table: {pot} {unit}; you receive {total} {unit} in all"),
    "no_third_ron": ("この捨て牌で3人目もロンしていたら、流局 (三家和) です。そのときは記録済みの2つのロンを「最後の局を"
                     "取り消す」で取り消し、成績表のページの「流局を記録」で途中流局 (三家和) として記録してください。",
                     "If a third player also won on this discard: three rons make it an abortive draw (sanchahou), "
                     "so undo the two rons recorded (\"Undo the last hand\") and record a draw on the ledger page, "
                     "as an abortive draw (triple ron)."),
    # another winner on one discard, nearer the discarder: the honba the ledger moves to it from the first winner
    # entered (``scoring._double_ron_receipt``); {pot}: ``pot_and`` or nothing
    "honba_taken_over": ("{pot}{n}本場分 {honba}も受け取り (放銃者に近いため、{name}の記録から移ります)、合計 {total}です。",
                         "{pot}{honba} for {n} honba passed from {name}'s entry (you sit nearer the discarder); you "
                         "receive {total} in all"),
    "pot_and": ("場のリーチ棒 {pot}と、", "Riichi sticks on the table: {pot}, and "),
    # the first winner entered, once a winner nearer the discarder took the honba over; {pot}: ``and_the_sticks``
    "honba_passed_on": ("{n}本場分 {honba}{pot}は、放銃者に近い{name}が受け取ります (上家取り)。受け取りは合計 {total}です。",
                        "The {honba} for {n} honba{pot} go to {name}, the winner nearer the discarder; you receive "
                        "{total} in all"),
    "and_the_sticks": ("と場のリーチ棒", " and the riichi sticks"),
    "pot_passed": ("リーチ棒 (自分の分も) は、放銃者から見て順番が近い{name}が受け取ります (上家取り)。",
                   "The riichi sticks (your own included) go to {name}, the winner nearer the discarder."),
    # whose riichi went in with the first ron on this discard (not asked again): each counts for its own player's han
    "riichi_recorded": ("{name}のリーチは、この捨て牌の最初のロンで記録済みです。{name}の翻にはそのまま数えます。リーチ棒は"
                        "もう出しません。",
                        "{name}'s riichi was recorded with the first ron on this discard: it still counts for {name}'s "
                        "han; no new stick."),
    "riichi_recorded_many": ("{names}のリーチは、この捨て牌の最初のロンで記録済みです。それぞれ本人の翻にはそのまま数えます。"
                             "リーチ棒はもう出しません。",
                             "{names} riichi were recorded with the first ron on this discard: each still counts for "
                             "its own player's han; no new stick."),
    "riichi_recorded_whose": ("{name}", "{name}'s"),  # a name in riichi_recorded_many's list ("Ben's and Chie's")
    # {winner}, {button}: the ledger box's own labels (``winner``, ``add_to_ledger``), named as the screen shows them
    "ledger_once_it_wins": ("成績表の「{winner}」と「{button}」は、手が上がりになると出ます (上の「条件」を開いて、ツモや"
                            "リーチなどを確かめてください)。",
                            "The ledger's \"{winner}\" and \"{button}\" come once the hand scores (open Options "
                            "above to check Tsumo, Riichi and the rest)."),
    "as_declared": ("宣言した手 (支払いなし)", "The hand as declared (not paid)"),
    "pot_own": ("うち {own}{unit}は自分が出したリーチ棒です (ほかの人は払いません)。",
                "{own} of them the winner's own riichi chip (nobody else pays it)"),
    "east": ("東", "East"), "south": ("南", "South"), "west": ("西", "West"), "north": ("北", "North"),
    "result": ("結果", "Result"),
    "win": ("上がり！", "A win!"),
    "no_win": ("上がりではありません", "Not a win"),
    # the result's top line of a complete hand that the other win kind, or Riichi ticked, would win ({kind}: ロン,
    # "ron"; {riichi}: the Riichi box's label; {yaku}: the yaku it would win with)
    "no_win_as": ("{kind}では上がりになりません", "Not a win as a {kind}"),
    "no_win_without_riichi": ("{riichi_low}なしでは上がりになりません", "Not a win without {riichi_low}"),
    "no_win_as_without_riichi": ("{riichi_low}なしの{kind}では上がりになりません",
                                 "Not a win as a {kind} without {riichi_low}"),
    "wins_as": ("{kind}なら上がりです ({yaku})", "as a {kind} it wins ({yaku})"),
    "wins_with_riichi": ("{riichi}ありなら上がりです ({yaku})", "with {riichi} ticked it wins ({yaku})"),
    "wins_with_riichi_too": ("{riichi}ありでも上がりです ({yaku})", "with {riichi} ticked too ({yaku})"),
    "would_be": ("上がりなら {v}", "Would be worth {v}"),
    # a game whose yaku table is the app's stand-in (a yaku marked ``default = true``: Yokai Watch's,
    # until the box's score sheet is entered; ``scorer.rules.has_stand_in_yaku``), said once under its result
    "stand_in_yaku": ("このゲームの役と点数は、箱の得点表ではなく、このアプリが決めた仮の表です。主催者が「ルールと役」の"
                      "ページで直せます。",
                      "This game's yaku and points are a stand-in set by this app, not the box's score sheet: the "
                      "organiser can change them on the Rules and yaku page."),
    # a Donjara win whose total is not the yaku's value (tsumo shares rounded up, a favourite's doubling): both said
    "win_receives": ("{total}を受け取ります", "{total} to the winner"),
    "win_tsumo_each": ("ツモは1人{share}ずつ", "tsumo: {share} from each"),
    "win_favourite_times": ("担当 ×{n}", "favourite ×{n}"),
    "yaku": ("役", "Yaku"),
    "points": ("点数", "Points"),
    "groups": ("組み合わせ", "Groups"),
    # the Almighty used, named ("神オールマイティ → らりん", "God Almighty (purple) as Rarin"): a game with several
    # kinds of Almighty (Nogizaka) said only "Almighty as Rarin"
    "stands_for_tile": ("{tile} → {t}", "{tile} as {t}"),
    "payments": ("支払い", "Who pays"),
    "pays": ("{who}が{amount}払う", "{who} pays {amount}"),
    "pays_to": ("{who}が{to}に{amount}払う", "{who} pays {to} {amount}"),  # by name, at the open match's table
    "waits": ("待ち", "Waits"),
    "waits_none": ("あと1枚で上がれる牌はありません。", "No single tile completes this hand."),
    "wait_tile": ("待ち牌", "Tile"),
    "hint_title": ("読んだままでは上がりになりません。次のように直すと上がりです:",
                   "As read, this hand does not win. It wins if:"),
    "hint_change": ("{i}枚目: {read} → **{becomes}** (候補の確率 {p:.0%})",
                    "tile {i}: {read} → **{becomes}** ({p:.0%} likely)"),
    "hint_drop": ("{i}枚目の {read}は牌ではないかもしれません (枠の信頼度 {d:.0%})。外してください。",
                  "tile {i} ({read}) may not be a tile (box {d:.0%} sure): remove it"),
    "wait_no_yaku": ("役なし", "no yaku"),
    "ron_no_yaku": ("ロン 役なし", "Ron: no yaku"),  # a wait with no yaku by ron: not "ron 0"
    # every payer of a tsumo paying the same: one line, not three of the same
    "pays_all": ("子がそれぞれ{amount}払う ({amount}オール)", "each of the others pays {amount} ({amount} all)"),
    "pays_all_to": ("子がそれぞれ{to}に{amount}払う ({amount}オール)", "each of the others pays {to} {amount} ({amount} all)"),
    "incl_honba": ("{n}本場分 {bonus}点を含む", "incl. {bonus} for {n} honba"),
    # pao (責任払い): asked of a daisangen (daisuushii; suukantsu where the house says so) whose deciding set was called
    "pao_daisangen": ("最後の三元牌を鳴かせたのは誰ですか? (包・責任払い)", "Who fed the last dragon? (pao)"),
    "pao_daisuushii": ("最後の風牌を鳴かせたのは誰ですか? (包・責任払い)", "Who fed the last wind? (pao)"),
    "pao_suukantsu": ("4つ目のカン (大明槓) の牌を出したのは誰ですか? (包・責任払い)",
                      "Who discarded the tile of the fourth kan (an open kan)? (pao)"),
    "pao_nobody": ("いない (最後の組は自分で揃えた)", "nobody (the winner made the last set alone)"),
    "pao_seat_named": ("{wind} ({name})", "{wind} ({name})"),
    "pao_said": (" (包: {name})", " (pao: {name})"),  # a hand in a line (Undo's): who paid as liable for its yakuman
    "pao_half_note": ("包: 役満の半分", "pao: half the yakuman"),
    # the answer's seat taken by the winner chosen since (the box then forgets it): said, not dropped silently
    "pao_cleared": ("包の答え「{answer}」を取り消しました。{winner}が上がったので、上がった人は包になりません。",
                    "The pao answer {answer} was cleared: {winner} won the hand, and the winner cannot be the one who "
                    "fed it."),  # the liable player's half of a ron (riichi_pay.PAO_NOTE)
    # a score page's result that turns on a rule tilelens plays by default, the table in use silent on it
    # (``rules_news.default_said``: session 58's pao and reverse mangan chombo), in one line, where to change it. "Your
    # rules", not "this table" (a club's table is also where its players sit). Pao is scored on the score page with
    # the table in use: an edit applies from the next hand, a match under way too
    "pao_by_default": ("包 (責任払い) は、お使いのルールに書いていない tilelens の既定です。「ルールと役」のページで変えると、"
                       "対局の途中でも次の手から変わります。",
                       "Pao is played by tilelens's default (your rules do not set it): the Rules and yaku page can "
                       "turn it off, from the next hand on (in a match under way too)."),
    # the penalty of a riichi hand declared a win (``declared_chombo``'s {penalty}): a reverse mangan, as the ledger
    # charges it, the open match's (it keeps the chombo it started with: ``tilelens.ledger.chombo_penalty``)
    "chombo_penalty_riichi": ("満貫払い、合計 {penalty}、親は{dealer_total}", "a reverse mangan: {penalty} in all, "
                              "{dealer_total} from the dealer"),
    "chombo_by_default": ("満貫払いのチョンボは、お使いのルールに書いていない tilelens の既定です。「ルールと役」のページで"
                          "変えると、新しい対局から変わります。",
                          "The reverse mangan chombo is tilelens's default (your rules do not set it): the Rules and "
                          "yaku page can change it for new matches."),
    "chombo_kept": ("この対局は、始めたときのチョンボのルールのままです。「ルールと役」のページでの変更は、新しい対局から"
                    "使われます。",
                    "This match keeps the chombo it started with: the change on the Rules and yaku page applies to new "
                    "matches."),
    # the Rules page's pao line where the table does not set ``[riichi] pao`` (``rules_view.table_summary``)
    "pao_default_mark": (" (お使いのルールに書いていない tilelens の既定)", " (tilelens's default: your rules do not set it)"),
    "pao_help": ("その人が役満を払います。ツモなら1人で全額、ほかの人のロンなら放銃者と半分ずつです (本場はツモなら包の人、"
                 "ロンなら放銃者が払います)。",
                 "That player pays the yakuman: all of it on a tsumo, half of it beside the discarder on another "
                 "player's ron (the honba: the liable player's on a tsumo, the discarder's on a ron)."),
    # the Rules page's summary of a riichi game (``rules_view``): pao as the game's [riichi] pao and pao_suukantsu say
    "sum_pao": ("包 (責任払い) あり{mark}: 大三元の最後の三元牌、大四喜の最後の風牌{kans}を鳴かせた人は、ツモならその役満を"
                "1人で払い、ほかの人のロンなら放銃者と半分ずつ払います (本場はツモなら包の人、ロンなら放銃者)。",
                "Pao (liability payment) applies{mark}: whoever fed the last dragon of a daisangen or the last wind of "
                "a daisuushii{kans} pays that yakuman alone on a tsumo, and half of it beside the discarder on another "
                "player's ron (the honba: the liable player's on a tsumo, the discarder's on a ron)."),
    "pao_kans": ("、四槓子の4つ目のカン", " (or the fourth kan of a suukantsu)"),
    "sum_no_pao": ("包 (責任払い) なし: 役満もほかの上がりと同じように払います。",
                   "No pao (liability payment): a yakuman is paid as any other win."),
    "incl_remainder": ("端数の一部を含みます。誰が払うかは、払う人どうしのじゃんけんで決めます",
                       "includes one part of the remainder; rock-paper-scissors decides who pays it"),
    "choose": ("選んでください", "Choose"),
    "hint_photo": ("写真", "photo"),
    "hint_apply": ("この読みにする", "Use this reading"),
    "hint_note": ("読み取りの次の候補の中で、上がりになる一番確からしい読みです。写真と見比べてから使ってください。",
                  "The likeliest winning hand among the reader's next guesses: compare it with the photo first."),
    "need_tiles": ("手牌は{n}枚にしてください (いま {have}枚)。", "A hand has {n} tiles ({have} now)."),
    "need_held": ("鳴きのほかに手の内の牌を{n}枚にしてください (いま {have}枚)。",
                  "Beside the melds, the concealed hand has {n} tiles ({have} now)."),
    # the same where four alike are in the hand, one over for each: a kan laid in the row ({builder}: "meld_builder")
    "need_tiles_kan": ("手牌は{n}枚にしてください (いま {have}枚。カンは3枚と数えます)。{tiles}の4枚がカンなら「{builder}」で"
                       "追加してください。",
                       "A hand has {n} tiles ({have} now; a kan counts 3): if the four {tiles} are a kan, add it "
                       "under “{builder}”."),
    "need_held_kan": ("鳴きのほかに手の内の牌を{n}枚にしてください (いま {have}枚。カンは3枚と数えます)。{tiles}の4枚がカンなら"
                      "「{builder}」で追加してください。",
                      "Beside the melds, the concealed hand has {n} tiles ({have} now; a kan counts 3): if the four "
                      "{tiles} are a kan, add it under “{builder}”."),
    "add_to_ledger": ("成績表に記録", "Add to the ledger"),
    "players_mismatch": ("この手は {n}人で採点しています。対局 #{id}は {m}人です。記録するには「人数」を {m}にしてください。",
                         "This hand is scored for {n} players; match #{id} has {m}: set Players to {m} to add it."),
    "seat_mismatch": ("{name}の自風は {wind} です。条件の自風 (親なら「親」) を合わせてください。",
                      "{name} sits {wind} at this table: set the seat wind (or Dealer) in the options to match."),
    "added": ("{hand}として成績表に記録しました。", "Added to the ledger as {hand}."),
    "winner": ("上がった人", "Winner"),
    "discarder": ("放銃者", "Discarder"),
    # beside the ledger's Add button while nobody is chosen as the winner (or a ron's discarder): none is guessed
    "choose_to_add": ("記録するには「{boxes}」を選んでください。", "To add it to the ledger, choose “{boxes}”."),
    "choose_to_add_and": ("」と「", "” and “"),
    # the same for a ron (a riichi table's hand starts at ron, a tsumo photographed too): it is a ron, and a tsumo is
    # set in the options' fold ({options}, {win}, {tsumo}: the labels as the screen shows them)
    "choose_to_add_ron": ("ロンとして記録するには「{boxes}」を選んでください。ツモなら、上の「{win}」を「{tsumo}」に"
                          "してください。",
                          "To record it as a ron, choose “{boxes}” (a tsumo: set “{win}” above to {tsumo})."),
    # above Add: the win kind said with who won (and who dealt in), seen before a wrong one is recorded
    "record_ron": ("記録する内容: {winner}が{discarder}から**ロン**上がり", "To record: {winner} wins by **ron** off {discarder}."),
    "record_tsumo": ("記録する内容: {winner}が**ツモ**上がり", "To record: {winner} wins by **tsumo**."),
    "several_ron": ("ダブロン・トリロンあり", "Several players may ron one discard"),  # the box short; who pays: its help
    "several_ron_help": ("放銃者がそれぞれに支払います。", "The discarder pays each in full."),
    # session 57: a riichi club's match options, on the ledger's New match form (tilelens.ledger.TableRules: uma,
    # return_points, leftover_sticks; off by default) and said with the final standings (tilelens.ledger.final_scores)
    "uma_box": ("ウマ", "Uma"),
    "uma_none": ("なし", "None"),
    "uma_help": ("順位で最終スコアに加える点です (千点単位、1位から順に)。同点の順位はウマを等分します。4人の対局は4つの数の"
                 "ウマ、3人の対局は3つの数のウマ (+15 / 0 / -15 など) を選んでください。",
                 "What each place adds to the final score, in thousands of points, first to last; tied places share "
                 "theirs equally. A match of 4 players takes an uma of 4 places, one of 3 players an uma of 3 places "
                 "(+15 / 0 / -15 and the like)."),
    "return_too_low": ("返し点は 30,000 のように点数で入力してください (ウマのような千点単位ではありません)。{got}は配給原点 {start}より"
                       "少ないので、この対局は始めていません。",
                       "Return points are in points, such as 30,000 (not in thousands as the uma is): {got} is below "
                       "the starting points, {start}, so no match was started."),
    "return_box": ("返し点", "Return points (oka)"),
    "return_help": ("最終スコアは (持ち点 − 返し点) ÷ 1,000 にウマを加えたものです。返し点が配給原点より多いと、その差の人数分"
                    "がトップのオカになります (25,000点持ち30,000点返しの4人なら +20)。配給原点のままならオカはありません。",
                    "A final score is (total − return points) ÷ 1,000, plus the uma. Return points above the starting "
                    "points give the top player the difference from every player as oka (4 players, 25,000 start, "
                    "30,000 return: +20). At the starting points: no oka."),
    "options_from_match": ("ウマ・返し点・終了時のリーチ棒は、このゲームの最新の対局 #{id}と同じにしてあります。",
                           "Uma, return points and the sticks left start as in #{id}, this game's newest match."),
    # the table edited since that match started (``tilelens.ledger.table_changed``): its uma and oka are the next's
    "options_from_table": ("ウマ・返し点・終了時のリーチ棒は、いまの表のとおりにしてあります (このゲームの最新の対局 #{id}を"
                           "始めた後に、表が変更されました)。",
                           "Uma, return points and the sticks left start as the table in use sets them: it has changed "
                           "since #{id}, this game's newest match, started."),
    "leftover_box": ("終了時に残ったリーチ棒", "Riichi sticks left at the end"),
    "leftover_nobody": ("誰のものにもならない", "go to nobody"),
    "leftover_top": ("トップのもの (同点なら等分)", "go to the top player (tied tops share them)"),
    "pot_left_top": ("場に残ったリーチ棒: {pot}。トップ ({names}) の最終スコアに入ります。",
                     "Riichi sticks left on the table: {pot}, to the top player's final score ({names})"),
    # a riichi game's chombo (tilelens.ledger.chombo_payments: a reverse mangan), on the ledger page and the Rules page
    "chombo_rule_riichi": ("チョンボは満貫払いです。子は親に{dealer_share}、ほかの子に{share}ずつ (合計 {penalty})、親は"
                           "全員に{dealer_share}ずつ (合計 {dealer_total}) 払います。同じ親で局をやり直し、本場は積まず、"
                           "その局で出したリーチ棒は戻します。",
                           "A chombo is a reverse mangan: a player other than the dealer pays {dealer_share} to the "
                           "dealer and {share} to each other player ({penalty} in all); the dealer pays {dealer_share} "
                           "to each ({dealer_total} in all). The same dealer deals the hand again, no honba is added, "
                           "and riichi sticks put out in it go back."),
    "tonight_what_scored": ("単位: 千点。各対局の成績は最終スコア (ウマ・オカ込み) です。ウマ・オカのない対局は (最後の持ち点 "
                            "(対局中はいまの持ち点) − 開始時の持ち点) ÷ 1,000。–: その対局に不参加",
                            "In thousands of points: a player's result in a match is its final score (with its uma and "
                            "oka); in a match without them, (their total at its end, or now, less the starting points) "
                            "÷ 1,000; –: not at that table."),
    "same_discard": ("直前のロンと同じ捨て牌でのロン (ダブロン)", "Also won on the last ron's discard (double ron)"),
    "same_discard_hint": ("{name}の直前の捨て牌でのロンなら、「{box}」にチェックを入れてください。自風はその局の"
                          "ものになります。入れなければ次の局の上がりとして記録されます。",
                          "If this winner also won on {name}'s last discard, tick \"{box}\": the seat is then that "
                          "deal's. Unticked, the hand is recorded as the next hand."),
    # the same under a match that ended on that discard: the ledger takes no other hand of it
    "same_discard_hint_ended": ("対局を終わらせた{name}の捨て牌でのロンなら、「{box}」にチェックを入れてください。自風はその局の"
                                "ものになり、対局 #{id}に記録します。入れなければ、この対局には記録できません。",
                                "If this winner also won on {name}'s discard that ended the match, tick \"{box}\": the "
                                "seat is then that deal's, and the ron is added to match #{id}. Unticked, the hand cannot "
                                "be added to this match."),
    # under an ended match (the score pages): how to record hands again. {new}: the ledger page's fold (``new_match``)
    "ended_start_new": ("成績表にまた記録するには、成績表のページの「{new}」で新しい対局を始めてください。",
                        "To add hands to the ledger again, start a new match: {new} on the ledger page."),
    # the same under a match ended early (``TableState.ended_early``): its end may be undone. {undo}: ``undo_end``
    "ended_start_new_early": ("成績表にまた記録するには、成績表のページの「{new}」で新しい対局を始めてください。"
                              "この対局を続けるなら、成績表のページの「{undo}」を押してください。",
                              "To add hands to the ledger again, start a new match: {new} on the ledger page; or "
                              "{undo} on the ledger page to play on in this one."),
    # a Donjara hand that does not win, declared a win: a chombo (``ChomboCase.FALSE_WIN``) and what it costs
    "declared_chombo": ("上がりを宣言していた場合はチョンボです (上がっていない手での宣言。ペナルティ {penalty})。",
                        "If this hand was declared a win, it is a chombo (a win declared with a hand that does not "
                        "win; penalty {penalty})."),
    "declared_chombo_ledger": ("上がりを宣言していた場合はチョンボです (上がっていない手での宣言。ペナルティ {penalty})。"
                               "成績表のページの「{button}」で記録してください。",
                               "If this hand was declared a win, it is a chombo (a win declared with a hand that does "
                               "not win; penalty {penalty}). Record it on the ledger page with \"{button}\"."),
    # below a chombo the scorer found (a ron on one's own discard, a win on an Almighty), under an open match
    "chombo_record_lead": ("成績表のページの「{button}」で記録してください。",
                           "Record it on the ledger page with \"{button}\"."),
    # an Add refused because the match changed meanwhile (another device's hand): the hand priced anew, said so
    "repriced": ("いまの卓で採点し直しました。{changes}。「{button}」を押すと、その間にほかの端末で記録された局のあとに"
                 "この手を記録します。",
                 "Priced again at the table as it is now: {changes}. \"{button}\" records it after the hand entered "
                 "meanwhile on another device."),
    "repriced_seat": ("{name}の自風: {was} → {wind}", "{name} now sits {wind} (was {was})"),
    "repriced_dealer": ("{wind} (親)", "{wind}, the dealer"),
    "repriced_points": ("点数: {was} → {now}", "the hand is now worth {now} (was {was})"),
    "repriced_same": ("自風も点数も変わりません", "its seat and points are unchanged"),
    "repriced_same_points": ("点数は変わりません", "its points are unchanged"),
    # the riichi sticks the hand takes changed meanwhile (a riichi declared on another device), and so its total
    "repriced_pot": ("受け取るリーチ棒: {was} → {now} (合計 {total})",
                     "the riichi sticks it takes are now {now} (was {was}), {total} in all"),
    "repriced_received": ("受け取る合計: {was} → {now}", "it now receives {now} in all (was {was})"),
    # a stale Add refused where the page prices the hand again (the warning below says what Add now does)
    "stale_not_added": ("この画面の表示後に対局 #{id}の記録が変わりました ({why})。この手は記録していません。",
                        "Match #{id} has changed since this screen showed it ({why}), so this hand was not recorded."),
    "same_discard_honba": ("この手は0本場で採点してください (いまは{n}本場)。本場と場のリーチ棒は、入力の順によらず、"
                           "放銃者から見て順番が近い人が受け取ります (上家取り。成績表が付け替えます)。",
                           "Score this hand with honba 0 (it is scored with {n}): the ledger gives the honba and "
                           "the pot to the winner nearest the discarder in turn order, whichever was entered first."),
    # the ledger's hands: each win one phrase, in one case, as `tilelens ledger show` says it
    "ledger_tsumo": ("{name} ツモ", "{name} tsumo"),
    # beside the manual page's Add, off: the hand it added, unchanged since, with other hands added after it
    "typed_added_earlier": ("この手は対局 #{id}の{n}局目として成績表に記録済みです。",
                            "This hand is already in the ledger, as hand {n} of match #{id}."),
    # the same of the manual page's hand added, unchanged since (the hand that ended match #{id}, its page switched)
    "typed_in_other_match": ("この手は対局 #{id}の{n}局目として成績表に記録済みです。対局 #{this}には記録しません。"
                             "対局 #{this}には、次の手を入力して記録してください。",
                             "This hand is already in the ledger, as hand {n} of match #{id}: it is not added to "
                             "match #{this} too. Enter the next hand to add it to match #{this}."),
    # the same where it went to the newest match, the phone having chosen none, while #{this} was under way too (the
    # other table's match taken): moved in one tap (``scoring._move_to_ledger``)
    "move_offered": ("この手は対局 #{id}の{n}局目として記録されています (対局を選ぶ前に記録)。対局 #{id}が違う対局"
                     "だったなら、移してください: 対局 #{id}から取り消し、対局 #{this}に記録します。",
                     "This hand is in the ledger as hand {n} of match #{id}, added there before a match was chosen. "
                     "If #{id} was the wrong match, move it: it is taken out of match #{id} and added to match "
                     "#{this}, in one step."),
    "move_to_match": ("対局 #{id}に移す", "Move it to match #{id}"),
    "moved_to_match": ("移しました: 対局 #{old}の{n}局目を取り消し、この手を対局 #{id}の{m}局目として記録しました。",
                       "Moved: hand {n} of match #{old} was taken out, and the hand added to match #{id} as hand "
                       "{m}."),
    "move_refused": ("移していません: その後、対局 #{id}の記録が変わりました (局の記録か取り消し)。対局 #{id}からは何も"
                     "取り消さず、対局 #{this}にも記録していません。成績表のページで対局 #{id}を確かめ、違う対局に"
                     "記録されていれば取り消してから、ここで記録してください。",
                     "Not moved: match #{id} has changed since (a hand recorded or undone there), so nothing was "
                     "taken out of it nor added to match #{this}. Check match #{id} on the Ledger page: undo the "
                     "hand there if it is in the wrong match, then add it here."),
    "move_put_back": ("移していません: 対局 #{this}に記録できなかったため、この手を対局 #{id}に戻しました。",
                      "Not moved: it could not be added to match #{this}, so the hand was put back in match #{id}."),
    "move_not_back": ("移していません: 対局 #{this}に記録できず、対局 #{id}にも戻せませんでした。この手はいまどちらの"
                      "対局にもありません。正しい対局に記録してください。",
                      "Not moved: it could not be added to match #{this}, nor put back in match #{id}: the hand is in "
                      "neither match now. Add it to the right match."),
    "ledger_ron": ("{name} ロン ({payer}から)", "{name} ron from {payer}"),
    "ledger_ron_same": ("{name} ロン ({payer}から、同じ捨て牌)", "{name} ron from {payer} (same discard)"),
    "ledger_chombo": ("{name} チョンボ", "{name} chombo"),
    "riichi_short": ("{name}は{total}点で、リーチ棒の{chip}点に足りないため、リーチできません。",
                     "{name} has {total} points, fewer than the {chip} a riichi stick needs: {name} may not declare "
                     "riichi."),
    "to_match": ("記録する対局: #{id} · {players}", "Adds to match #{id} · {players}"),
    # the score page left on an ended match while another phone started the next one (``scoring._started_since``)
    "newer_match": ("対局 #{old}は終了しています。その後、対局 #{id}が始まっています ({players})。"
                    "この手を記録するには、対局 #{id}に切り替えてください。",
                    "Match #{old} has ended. Match #{id} has started since ({players}): switch to it to add this "
                    "hand there."),
    # the same, under the hand this page added, which ended match #{old}: the next hand goes to #{id}
    "newer_match_next": ("対局 #{old}は終了しています。その後、対局 #{id}が始まっています ({players})。"
                         "次の手を記録するには、対局 #{id}に切り替えてください。",
                         "Match #{old} has ended. Match #{id} has started since ({players}): switch to it to add the "
                         "next hand there."),
    "newer_match_switch": ("対局 #{id}に切り替える", "Switch to match #{id}"),
    # in place of Add, where a hand of the same winner, kind and payments is in the match already (another phone's:
    # ``scoring._same_win``); {hand}: 「ゆき ツモ、120点」
    "same_win_asked": ("対局 #{id}の{n}局目「{hand}」が、すでに成績表に記録されています (ほかの端末で記録された?)。"
                       "この手と同じ局ですか?",
                       "Hand {n} of match #{id}, {hand}, is already in the ledger (recorded on another phone?). Is "
                       "this the same hand?"),
    "same_win_skip": ("同じ局: 記録しない", "The same hand: don't add it"),
    "same_win_add": ("別の局: 記録する", "Another hand: add it"),
    "same_win_not_added": ("記録していません。この手は対局 #{id}の{n}局目として記録済みです。",
                           "Not added: this hand is in the ledger already, as hand {n} of match #{id}."),
    # a ron right after a ron off the same discarder, where one player wins on one discard ([table] multiple_ron:
    # nearest-clockwise; one-winner, the table settling which): asked in place of Add (``scoring._one_ron_asked``)
    "one_ron_asked": ("{n}局目と同じ捨て牌ですか? 1つの捨て牌で上がれるのは、{discarder}から時計回りで近い{name}だけです。",
                      "Same discard as hand {n}? If so, only {name} wins (the nearest clockwise from {discarder})."),
    "one_ron_asked_table": ("{n}局目と同じ捨て牌ですか? 1つの捨て牌で上がれるのは1人だけです (卓で決めます)。",
                            "Same discard as hand {n}? Only one player wins on one discard (the table settles which)."),
    "one_ron_replace": ("同じ捨て牌: {n}局目を{name}の上がりにする", "Same discard: {name} wins hand {n} instead"),
    "one_ron_keep": ("同じ捨て牌: 記録しない ({n}局目のまま)", "Same discard: add nothing (hand {n} stays)"),
    "one_ron_later": ("あとの捨て牌: 新しい局として記録", "A later discard: add as a new hand"),
    # a riichi table's nearer winner is priced at the table before hand {n} (its honba, dealer and seat winds): undone
    # there first, the page prices it so (``scoring._one_ron_asked``)
    "one_ron_undo_first": ("同じ捨て牌なら、{n}局目を{name}の上がりにするには、成績表のページで{n}局目を取り消してから、"
                           "ここでこの手をもう一度記録してください ({n}局目の前の卓で採点し直されます)。",
                           "If it is the same discard, for {name} to win hand {n} instead: undo hand {n} on the ledger "
                           "page, then add this hand here again (it is then scored at the table as it was before hand "
                           "{n})."),
    "one_ron_undo_first_riichi": ("{n}局目と一緒に記録した{names}のリーチは、ここでもう一度選んでください。",
                                  "Choose again here the riichi of {names} entered with hand {n}."),
    "one_ron_riichi_joined": ("{names}のリーチを{n}局目に加えました。", "Riichi declared by {names} added to hand {n}."),
    "one_ron_not_added": ("記録していません。1つの捨て牌で上がれるのは{name}だけで、{n}局目として記録済みです。",
                          "Not added: on one discard only {name} wins, recorded as hand {n}."),
    "one_ron_replaced": ("{n}局目を{name}の上がりにしました (1つの捨て牌で上がれるのは1人だけです)。",
                         "Replaced hand {n}: {name} wins it (only one player wins on one discard)."),
    "one_ron_changed": ("置き換えていません。{n}局目がもう最後の局ではありません (ほかの端末で記録された?)。成績表のページで"
                        "確かめてください。",
                        "Not replaced: hand {n} is no longer the last hand (recorded on another phone?). Check the "
                        "ledger page."),
    "one_ron_not_back": ("{n}局目を取り消しましたが、新しい上がりを記録できず、元に戻せませんでした。成績表のページで"
                         "確かめてください。",
                         "Hand {n} was taken out, the new win could not be added, and hand {n} could not be put back: "
                         "check the ledger page."),
    # a phone that chose no match of the game, which has more than one under way: the newest was taken (another
    # table's?); {others}: 「#1 (Ann、Bo、Cy、Di)」; {where}: on a phone or here (``scoring.not_chosen_said``)
    "not_chosen_phone": ("この端末", "on this phone"),
    "not_chosen_here": ("この端末", "here"),  # 端末: a phone or a laptop alike
    "other_match_under_way": ("{where}では対局を選んでいないため、いちばん新しい対局 #{id}に記録します。対局 {others}"
                              "も進行中です。対局 #{id}があなたの卓の対局か確かめてください。",
                              "No match was chosen {where}, so this page adds to the newest, match #{id}. Match "
                              "{others} is under way too: make sure #{id} is your table's."),
    "other_matches_under_way": ("{where}では対局を選んでいないため、いちばん新しい対局 #{id}に記録します。対局 {others}"
                                "も進行中です。対局 #{id}があなたの卓の対局か確かめてください。",
                                "No match was chosen {where}, so this page adds to the newest, match #{id}. Matches "
                                "{others} are under way too: make sure #{id} is your table's."),
    # the same where the match taken is no longer the newest (another phone started one since, a merge brought one)
    "other_match_kept": ("{where}では対局を選んでいないため、これまでどおり対局 #{id}に記録します (いちばん新しい対局"
                         "ではありません)。対局 {others}も進行中です。対局 #{id}があなたの卓の対局か確かめてください。",
                         "No match was chosen {where}: this page has been adding to match #{id}, which is not the "
                         "newest. Match {others} is under way too: make sure #{id} is your table's."),
    "other_matches_kept": ("{where}では対局を選んでいないため、これまでどおり対局 #{id}に記録します (いちばん新しい"
                           "対局ではありません)。対局 {others}も進行中です。対局 #{id}があなたの卓の対局か確かめて"
                           "ください。",
                           "No match was chosen {where}: this page has been adding to match #{id}, which is not the "
                           "newest. Matches {others} are under way too: make sure #{id} is your table's."),
    # the same on the ledger page, whose Undo, draw and chombo wait for the choice
    "ledger_other_under_way": ("{where}では対局を選んでいないため、いちばん新しい対局 #{id}を表示しています。対局 "
                               "{others}も進行中です。記録や取り消しの前に、対局 #{id}があなたの卓の対局か確かめて"
                               "ください。",
                               "No match was chosen {where}, so this page shows the newest, match #{id}. Match "
                               "{others} is under way too: make sure #{id} is your table's before you record or undo "
                               "anything."),
    "ledger_others_under_way": ("{where}では対局を選んでいないため、いちばん新しい対局 #{id}を表示しています。対局 "
                                "{others}も進行中です。記録や取り消しの前に、対局 #{id}があなたの卓の対局か確かめて"
                                "ください。",
                                "No match was chosen {where}, so this page shows the newest, match #{id}. Matches "
                                "{others} are under way too: make sure #{id} is your table's before you record or "
                                "undo anything."),
    "ledger_other_kept": ("{where}では対局を選んでいないため、これまでどおり対局 #{id}を表示しています (いちばん新しい"
                          "対局ではありません)。対局 {others}も進行中です。記録や取り消しの前に、対局 #{id}があなたの"
                          "卓の対局か確かめてください。",
                          "No match was chosen {where}: this page has been showing match #{id}, which is not the "
                          "newest. Match {others} is under way too: make sure #{id} is your table's before you "
                          "record or undo anything."),
    "ledger_others_kept": ("{where}では対局を選んでいないため、これまでどおり対局 #{id}を表示しています (いちばん新しい"
                           "対局ではありません)。対局 {others}も進行中です。記録や取り消しの前に、対局 #{id}があなたの"
                           "卓の対局か確かめてください。",
                           "No match was chosen {where}: this page has been showing match #{id}, which is not the "
                           "newest. Matches {others} are under way too: make sure #{id} is your table's before you "
                           "record or undo anything."),
    # the matches under way beyond the few a page draws a "Switch to #N" button for (``scoring.more_under_way_said``),
    # by their count; {box}: the ledger page's match picker, {where}: above it (the ledger page), or on that page
    "more_under_way": ("ほかに同じ夜の対局が{n}件進行中です。あなたの卓の対局は、{where}「{box}」で選んでください。",
                       "{n} more match of the same evening is under way too: choose yours in the {box} box {where}."),
    "more_under_way_n": ("ほかに同じ夜の対局が{n}件進行中です。あなたの卓の対局は、{where}「{box}」で選んでください。",
                         "{n} more matches of the same evening are under way too: choose yours in the {box} box "
                         "{where}."),
    "more_under_way_above": ("上の", "above"),
    "more_under_way_ledger": ("成績表のページの", "on the ledger page"),
    "keep_match": ("対局 #{id}で合っている", "Match #{id} is ours"),
    "undo_choose_first": ("取り消す前に、上で対局を確かめてください。", "Make sure of the match above before you undo."),
    # under the draw and chombo forms' buttons, which wait as Undo does
    "record_choose_first": ("記録する前に、上で対局を確かめてください。",
                            "Make sure of the match above before you record a hand."),
    "remainder_payers": ("端数を払う人 (じゃんけんで負けた人、{n}人)",
                         "Who pays the remainder (the losers of rock-paper-scissors; {n} players)"),
    "remainder_payer": ("端数を払う人 (じゃんけんで負けた人、1人)",
                        "Who pays the remainder (the loser of rock-paper-scissors; 1 player)"),
    # a tsumo split's remainder, said apart from the even part each pays until who pays it is chosen (RULES.md 000)
    "remainder_left": ("端数の{rest}は、払う人どうしのじゃんけんで負けた人が払います。",
                       "Remainder {rest}: the payers play rock-paper-scissors and the loser pays it"),
    "remainder_left_n": ("端数の{rest}は、払う人どうしのじゃんけんで負けた{n}人が1つずつ払います。",
                         "Remainder {rest}: the payers play rock-paper-scissors and the {n} losers pay one part each"),
    "remainder_default": ("じゃんけんで負けた人を選びます。", "Pick who lost rock-paper-scissors."),  # who pays unless chosen: the caption under it
    # beside the ledger's Add button while nobody is chosen: who the ledger will charge the remainder to
    "remainder_unless": ("選ばなければ、{names}が端数の{rest}を払います。", "Unless chosen: {names} pays the remainder {rest}."),
    "remainder_unless_n": ("選ばなければ、{names}が端数の{rest}を1つずつ払います。",
                           "Unless chosen: {names} pay the remainder {rest}, one part each."),
    # a payment's note in the ledger box once who pays the remainder is decided (not the payers' to settle): its part,
    # and, where chosen, who they are (``remainder_lost``: 「端数の1万を含みます: じゃんけんで負けた人」)
    "remainder_part": ("端数の{part}を含みます", "includes {part} of the remainder"),
    "remainder_some": ("端数の一部を含みます", "includes one part of the remainder"),
    "remainder_lost": ("{note}: じゃんけんで負けた人", "{note}: the loser of rock-paper-scissors"),
    "same_discard_round": ("その捨て牌は{wind}場でした。場風を{wind}にして採点してください。",
                           "That discard was made in the {wind} round: score this hand with round wind {wind}."),
    "match_unreadable": ("{path}の対局 #{id}を読めません ({err})。記録が手で書き換えられたのかもしれません",
                         "match #{id} in {path} cannot be read ({err}): its file may have been edited by hand"),
    "csv_unreadable": ("{path}の対局 #{id}を読めないため、CSVで書き出せません ({err})",
                       "match #{id} in {path} cannot be read, so it cannot be exported as CSV ({err})"),
    # the same to a phone, which can act on no path of the laptop (as "match_damaged_away")
    "csv_unreadable_away": ("対局 #{id}を読めないため、CSVで書き出せません ({err})",
                            "match #{id} cannot be read, so it cannot be exported as CSV ({err})"),
    "damaged_match": ("読めない対局を除きました: {err}", "A match that cannot be read was left out: {err}"),
    # its {err} to a phone (``error_text``): the ledger's words without the laptop's file (``tilelens.ledger._damaged``)
    "match_damaged_away": ("対局 #{id}を読めません: {why}。この対局は除きました",
                           "match #{id} cannot be read: {why}; it was left out"),
    "no_match": ("成績表に対局がありません。成績表のページで始めてください。",
                 "No match in the ledger yet: start one on the ledger page."),
    "open_ledger": ("成績表のページを開く", "Open the ledger page"),
    "new_match": ("新しい対局", "New match"),
    "player_names": ("プレイヤー名 (席順に「、」「,」かスペースで区切る)",
                     "Player names (in seat order, separated by commas or spaces)"),
    "player_names_help": ("最初に書いた人が最初の親です。スペースの入った名前 (山田 花子) があるときは、名前を「、」か「,」で"
                          "区切ってください。",
                          "The first name typed deals first. Where a name holds a space (Anna Lee), separate the names "
                          "with commas."),
    "names_placeholder": ("例: {names}", "e.g. {names}"),
    "start_match": ("対局を始める", "Start the match"),
    "no_match_yet": ("このゲームの対局はまだありません。席順にプレイヤー名を入れて「対局を始める」を押すと、写真や手入力で"
                     "計算した上がりをここに記録できます。",
                     "No match yet for this game: type the players' names in seat order and tap Start the match; "
                     "hands scored on the photo and manual pages can then be added here."),
    "match": ("対局", "Match"),
    "totals": ("持ち点", "Totals"),
    # a riichi game's sticks in points and sticks ({pot}: 「1,000点 (1本)」, "1,000 points (1 stick)":
    # tilelens.ledger.sticks_said); a Donjara game's chips: DONJARA_STRINGS
    "pot": ("場のリーチ棒:\u00a0{pot}", "Riichi sticks on the table: {pot}"),
    # no bracket after the amount's own ("1,000 points (1 stick) (in no player's total)" read as two in a row)
    "pot_left": ("場に残ったリーチ棒: {pot}。誰の持ち点にも入りません",
                 "Riichi sticks left on the table: {pot}, in no player's total"),
    "dealer_is": ("親: {name}", "Dealer: {name}"),
    "round_is": ("{wind}{n}局 {honba}本場", "{wind} {n}, honba {honba}"),
    # past North (a house table of more than four laps): East again, with the lap (tilelens.ledger.round_of)
    "round_is_lap": ("{wind}{n}局 ({lap}周目) {honba}本場", "{wind} {n} (lap {lap}), honba {honba}"),
    "match_option_ended": ("{match} · 終了", "{match} · finished"),  # the match picker: finished ones listed last
    # one ended early (``Ledger.end_match``) said as `tilelens ledger list` says it: 「3局で終了」
    "match_option_ended_early": ("{match} · {why}", "{match} · {why}"),
    # a game of many matches (a club's year: 721): the picker lists the latest, a switch lists them all
    "match_all": ("全{n}件の対局を表示", "Show all {n} matches"),
    "match_all_help": ("オフのときは、最新の夜の対局と最近の{recent}件、表示中の対局を一覧にします。",
                       "Off: the list holds the newest evening's matches, the latest {recent} and the one shown."),
    "hands_played": ("{n}局目", "Hand {n}"),
    "last_deal": ("オーラス: 親の{name}から親が移ると対局終了です",
                  "The last deal: the match ends when the deal passes on from {name}"),
    "last_hand": ("最後の局: この局で対局終了です", "The last hand: the match ends after it"),
    # beside a player's card's change (its arrow and number): what the change is of
    "last_hand_change": ("前の局", "last hand"),
    "ended": ("対局終了: {why}", "The match has ended: {why}"),
    "final_standings": ("最終順位", "Final standings"),
    "standing": ("{place}位 {name}: {total}", "{place} {name}: {total}"),  # place: "1st" (``ledger_view.place_said``)
    # the unit the totals are counted in (the game's: 万, points), said once beside the players' cards and the hands
    "totals_unit": ("持ち点の単位: {unit}", "Totals in {unit}"),
    "standings_tied": ("同点は同じ順位です (ルールに同点の順位の決め方はありません)。",
                       "Equal totals share a place: the rules set no order for them."),
    "ended_next": ("続けるには最後の局を取り消してください。新しい対局は上の「新しい対局」から始められます。",
                   "To go on with it, undo the last hand; or start a new match (New match, above)."),
    "undo": ("最後の局を取り消す", "Undo the last hand"),
    # a match ended early, its end the last entry: Undo takes the end away, no hand
    "ended_next_early": ("続けるには「対局の終了を取り消す」を押してください。新しい対局は上の「新しい対局」から始められます。",
                         "To go on with it, undo the end of the match; or start a new match (New match, above)."),
    "undo_end": ("対局の終了を取り消す", "Undo the end of the match"),
    "undone_end": ("対局の終了を取り消しました ({n}番目の記録)。対局を続けられます。",
                   "Undid the end of the match (entry {n}): it goes on."),
    "undo_damaged": ("読めないのが最後の局なら、取り消すと対局をまた読めます。",
                     "If the hand that cannot be read is the last one, undoing it makes the match readable again."),
    "undone": ("取り消しました。", "Undone."),
    # session 52: what Undo removed, and the way to bring it back (this session)
    "recorded_hand": ("{hand}を記録しました: {what}", "Recorded {hand}: {what}"),
    "undone_hand": ("{n}番目の記録を取り消しました: {what}", "Removed entry {n}: {what}"),
    "redo": ("取り消した記録を戻す", "Bring it back"),
    "redone": ("{n}番目の記録を戻しました: {what}", "Brought back entry {n}: {what}"),
    "match_started": ("対局 #{id}を始めました: {names}", "Match #{id} started: {names}"),
    "match_same_no_hand": ("同じプレイヤーの対局 #{id}はまだ局がありません。その対局を表示しています (新しい対局は"
                           "作っていません)。もう一つ始めるには、もう一度「対局を始める」を押してください。",
                           "Match #{id} with the same players has no hand yet: it is shown, and no new match was "
                           "made. To start another one anyway, tap Start the match again."),
    "nagashi_players": ("流し満貫の人", "Nagashi mangan"),
    "nagashi_help": ("流し満貫は、ノーテン罰符の代わりに満貫のツモと同じく支払われます (親は4,000オール、子は親から4,000、"
                     "ほかの子から2,000ずつ)。この流局の支払いに本場分は付きません (本場は次の局に積みます)。",
                     "Paid as a mangan tsumo (a dealer gets 4,000 from each player; a non-dealer 4,000 from the dealer "
                     "and 2,000 from each other player), with no honba, in place of this draw's noten payments."),
    "ledger_file_is": ("成績表のファイル: {path}", "Ledger file: {path}"),  # as "merge_download" names it
    # the same to a phone, which can act on no path of the laptop (its "Download the ledger file" gets the file)
    "ledger_file_away": ("成績表は、tilelens を動かしているパソコンに保存されています。",
                         "The ledger is kept on the laptop running tilelens."),
    # the ledger page on a phone (52): the file under an expander, the places, the hands' details, a rename
    "ledger_where": ("成績表の保存場所", "Where the ledger is kept"),
    # session 57: two tables, one evening, each on its own laptop: the other laptops' ledgers added to this one
    # the other laptop is ほかのパソコン throughout (別の・相手の read as three laptops), its file 成績表のファイル
    "merge_title": ("ほかのパソコンの成績表を追加", "Add another laptop's ledger"),
    "merge_help": ("卓ごとにパソコンを分けて記録した夜は、ほかのパソコンの成績表をここで追加すると、全部の卓の対局がこの"
                   "成績表にそろい、「今夜の合計」で合計できます。ほかのパソコンでは、成績表のページの「成績表の保存場所」"
                   "にある「成績表のファイルをダウンロード」でファイルを取り出して、こちらに送ってください。同じファイルを"
                   "2回追加しても、対局は1回しか入りません。",
                   "Where each table recorded its matches on its own laptop, add the other laptops' ledgers here: "
                   "every table's matches come into this ledger, and Tonight's totals adds them up. On the other "
                   "laptop, the ledger page has \"Download the ledger file\" under \"Where the ledger is kept\": send "
                   "that file to this one. Adding the same file twice adds its matches once."),
    "merge_where": ("ほかのパソコンの成績表のファイルは、その tilelens のフォルダ (~/.tilelens) の ledger.sqlite です "
                    "(`TILELENS_LEDGER` を設定していれば、そのファイル)。そのパソコンの成績表のページの「成績表の保存場所」"
                    "にも出ています。",
                    "The other laptop's ledger file is ledger.sqlite in its tilelens folder (~/.tilelens), or the "
                    "file its `TILELENS_LEDGER` names; its ledger page says which, under \"Where the ledger is kept\"."),
    "merge_where_away": ("ほかのパソコンの成績表のページ (そのパソコンのアプリにつないだスマホからでも) の「成績表の保存場所」"
                         "にある「成績表のファイルをダウンロード」で、そのファイルを保存して、ここで選んでください。",
                         "On the other laptop's ledger page (or a phone joined to that laptop's app), \"Download the "
                         "ledger file\" under \"Where the ledger is kept\" saves its file: choose that file here."),
    # under "Where the ledger is kept": in words that hold on a phone too (the file is the laptop's running the app)
    "merge_download": ("成績表のファイルをダウンロード", "Download the ledger file"),
    "merge_download_help": ("この成績表のファイル (`.sqlite`。tilelens を動かしているパソコンにあります) をそのまま保存"
                            "します。夜の合計を出すパソコンの成績表のページの「ほかのパソコンの成績表を追加」で追加して"
                            "ください。",
                            "Saves this ledger's file (`.sqlite`, kept on the laptop running tilelens) as it is: add it "
                            "on the laptop that adds up the evening, under \"Add another laptop's ledger\" on its "
                            "ledger page."),
    # after a merge: the matches that came in under another game than the one shown, with a button to that game
    "merge_other_game_one": ("{ids}は{game}の対局です。上でそのゲームを選ぶと、表示して合計できます。",
                             "{ids} is a match of {game}: choose that game above to see it and add it up."),
    "merge_other_game": ("{ids}は{game}の対局です。上でそのゲームを選ぶと、表示して合計できます。",
                         "{ids} are matches of {game}: choose that game above to see them and add them up."),
    # ... and of a game not on this laptop (as `tilelens ledger merge` says it): no game above to choose
    "merge_no_game_one": ("{ids}は{game}の対局ですが、このゲームはこのパソコンにありません。続きを記録するには"
                          "「ルールと役」のページで追加してください (それまでも、下で見たりCSVに書き出したりできます)。",
                          "{ids} is a match of {game}, a game not on this laptop: add it on the Rules page to record "
                          "more hands in it (till then it can be viewed and exported as CSV below)."),
    "merge_no_game": ("{ids}は{game}の対局ですが、このゲームはこのパソコンにありません。続きを記録するには"
                      "「ルールと役」のページで追加してください (それまでも、下で見たりCSVに書き出したりできます)。",
                      "{ids} are matches of {game}, a game not on this laptop: add it on the Rules page to record "
                      "more hands in them (till then they can be viewed and exported as CSV below)."),
    "merge_file": ("ほかのパソコンの成績表のファイル (`.sqlite`)", "The other laptop's ledger file (`.sqlite`)"),
    "merge_button": ("このファイルの対局を追加", "Add this file's matches"),
    "merge_choose": ("先に、ほかのパソコンの成績表のファイルを選んでください。", "Choose the other laptop's ledger file first."),
    "places": ("順位: {places}", "Places: {places}"),
    "place_of": ("{place}位 {name}", "{place}. {name}"),
    "hand_details": ("各局の役と備考", "Yaku and notes of each hand"),
    # a long match's (53: 400 hands): the last entries listed, a switch for all of them
    "hand_details_last": ("最後の{shown}件を表示しています (全{n}件)", "The last {shown} of {n} entries"),
    "hand_details_all": ("全{n}件を表示", "Show all {n}"),
    "chart_x": ("入力順 (0: 開始時)", "Entry (0: the start)"),
    "rename_player": ("プレイヤーの名前を直す", "Rename a player"),
    "rename_who": ("名前を直すプレイヤー", "Player"),
    "rename_new": ("新しい名前", "New name"),
    "rename_button": ("名前を変える", "Rename"),
    "rename_help": ("席と局の記録はそのままで、表・グラフ・CSVが新しい名前になります。",
                    "The seat and its hands stay; the totals, the table, the chart and the CSV say the new name."),
    "renamed": ("{old}の名前を{new}に変えました。", "Renamed {old} to {new}."),
    "nagashi_said": ("流し満貫: {names}", "nagashi mangan: {names}"),
    "house_unreadable_matches": ("このゲームのハウスルールの表が読めないため、局の記録はできません。対局は残っています"
                                 " (下の一覧)。表を直すとまた記録できます。対局はそれぞれ、始めたときの表のまま続きます"
                                 " (表を直しても、持ち点・流局の支払い・終了の条件などは変わりません)。",
                                 "This game's house table cannot be read, so no hand can be recorded now: its "
                                 "matches are kept (listed below); fix the table to record again. Each match keeps "
                                 "the table it started with: fixing the table changes none of its starting points, "
                                 "draw payments or when it ends."),
    # what each match keeps that differs from the box's table (``tilelens.ledger.kept_table_said``), a
    # house value the table now refuses among them (a draw's noten_total = 1000 paid 333 to each of three tenpai)
    "house_unreadable_kept": ("#{id}は始めたときの表のままです: {keys}", "#{id} keeps the table it started with: {keys}"),
    "col_players": ("プレイヤー", "Players"),
    # the matches of a game removed in the app (still in the ledger), and a table edited mid-match
    # a game removed in the app, or one this laptop never had (a match merged from another laptop's ledger)
    "orphan_matches": ("このパソコンにないゲームの対局 ({n})", "Matches of games not offered here ({n})"),
    "orphan_help": ("ゲームがこのパソコンにない (削除した、またはほかのパソコンの成績表から追加した対局の) ため、これらの"
                    "対局には局を記録できません。見ることとCSVでの書き出しはできます。同じ id のゲームを「ルールと役」の"
                    "ページで追加すると、そのゲームの対局に戻ります。",
                    "Their game is not on this laptop (removed, or the match was merged from another laptop's "
                    "ledger), so no hand can be recorded in them; they can be viewed and exported as CSV. Adding a "
                    "game of the same id on the Rules page brings them back under it."),
    "orphan_option": ("#{id} · {game} · {names}", "#{id} · {game} · {names}"),
    "address_match_orphan": ("URLの対局 #{id}は、このパソコンにないゲーム「{game}」の対局です。下の「このパソコンにない"
                             "ゲームの対局」に表示しています。",
                             "Match #{id} named in the address is a match of {game}, a game not offered here: it is "
                             "shown under Matches of games not offered here, below."),
    "table_changed": ("この対局を始めた後に、ゲームの表が変更されました。これからの局はいまの表で採点します。開始時の"
                      "持ち点・リーチのチップ・チョンボのペナルティ・本場・単位・終了の条件は、対局を始めたときのままです。",
                      "The game's table has changed since this match started: new hands are scored with the table in "
                      "use; what the match settles between hands (starting points, riichi chips, chombo penalty, "
                      "honba, unit, when it ends) stays as it was when it started."),
    # a riichi match keeps its options too (``tilelens.ledger.stored_rules``: every rule of the table it started under)
    "table_changed_riichi": ("この対局を始めた後に、ゲームの表が変更されました。これからの局はいまの表で採点します。開始時の"
                             "持ち点・リーチ棒・チョンボ・本場・単位・終了の条件 (トビの有無)・ウマ・返し点・"
                             "終了時に残ったリーチ棒の行き先・流し満貫の有無は、対局を始めたときのままです。",
                             "The game's table has changed since this match started: new hands are scored with the "
                             "table in use; what the match settles between hands (starting points, riichi sticks, "
                             "chombo, honba, unit, when it ends and whether going below 0 ends it, uma, return points, "
                             "who gets the riichi sticks left at the end, nagashi mangan) stays as it was when it "
                             "started."),
    # a match that has ended: no new hands (as `tilelens ledger show` says it: ``tilelens.ledger_cli.table_changed_said``)
    "table_changed_ended": ("この対局を始めた後に、ゲームの表が変更されました。対局は終了しています。局と持ち点は記録したときの"
                            "ままです。",
                            "The game's table has changed since this match started: the match has ended; its hands "
                            "and totals stay as they were recorded."),
    "delete_match": ("この対局を削除", "Delete this match"),
    # a match ended before the end its rules set (``tilelens.ledger.Ledger.end_match``), a tick first;
    # its end an entry of its own (the hands table's, Undo's), which Undo takes away
    "end_match": ("この対局をいま終了", "End this match now"),
    "end_match_confirm": ("対局 #{id}を{n}局で終了する (順位が確定します)",
                          "Yes, end match #{id} now, after hand {n} (its places become final)"),
    "end_match_button": ("対局を終了", "End the match"),
    "end_match_help": ("ルールで決まった終わりより前にやめるときに使います。順位が確定し、ウマ・オカと場に残ったリーチ棒 (チップ) は"
                       "ふつうに終わったときと同じに数えます。局はもう記録できません。終了の後は「対局の終了を取り消す」で"
                       "対局に戻れます。",
                       "Use it to stop before the end the rules set: the places become final, uma, oka and the "
                       "riichi sticks (chips) left on the table counted as at a normal end, and no hand is taken. "
                       "Afterwards, Undo the end of the match brings it back."),
    # a Donjara game's, which has no uma or oka: its chips left on the table go to no one
    "end_match_help_donjara": ("ルールで決まった終わりより前にやめるときに使います。順位が確定し、場に残ったリーチのチップはふつうに"
                               "終わったときと同じく誰のものにもなりません。局はもう記録できません。終了の後は「対局の終了を"
                               "取り消す」で対局に戻れます。",
                               "Use it to stop before the end the rules set: the places become final, the riichi "
                               "chips left on the table go to no one, as at a normal end, and no hand is taken. "
                               "Afterwards, Undo the end of the match brings it back."),
    # a Donjara game whose riichi takes no chip (Cinderella Girls' Standby): no chips on the table to speak of
    "end_match_help_no_chip": ("ルールで決まった終わりより前にやめるときに使います。順位が確定し、局はもう記録できません。終了の後は"
                               "「対局の終了を取り消す」で対局に戻れます。",
                               "Use it to stop before the end the rules set: the places become final and no hand is "
                               "taken. Afterwards, Undo the end of the match brings it back."),
    "end_entry": ("ここで対局を終了", "Match ended here"),
    # {names} joined by 、: the hands set apart by " · " (「田中、2局」 read as one more name)
    # said above the box that confirms it (the box's label short: on a phone four names wrapped it to three lines)
    "delete_match_confirm": ("対局 #{id} ({names} · {n}局)", "Match #{id} ({names}; {n} hands)"),
    "delete_match_confirm_one": ("対局 #{id} ({names} · 1局)", "Match #{id} ({names}; 1 hand)"),
    "delete_match_confirm_none": ("対局 #{id} ({names} · まだ局なし)", "Match #{id} ({names}; no hands yet)"),
    "delete_match_sure": ("この対局を削除する", "Yes, delete this match"),
    "delete_match_button": ("対局を削除", "Delete the match"),
    "delete_match_help": ("削除しても、このページを開いているあいだは「削除した対局を戻す」でそのまま戻せます。",
                          "Until this page is closed, Bring the match back restores it as it was."),
    "match_deleted": ("対局 #{id} ({names}) を削除しました。", "Deleted match #{id} ({names})."),
    "match_back": ("削除した対局を戻す", "Bring the match back"),
    "match_restored": ("対局 #{id}を戻しました。", "Match #{id} is back."),
    # a re-walk (52): each deleted match can come back; a tap on a match gone; an old file that can only be read
    "match_back_id": ("削除した対局 #{id}を戻す", "Bring back match #{id}"),
    "match_restored_as": ("対局 #{old}を #{id}として戻しました (#{old}はその後に始めた対局の番号になっています)。",
                          "Match #{old} is back, as #{id}: its number #{old} is taken by a match started since."),
    "match_gone_not_recorded": ("記録していません。対局 #{id}はもう成績表にありません (別のスマホで削除されたか、"
                                "成績表のファイルが変わりました)。",
                                "Not recorded: match #{id} is no longer in the ledger (deleted on another phone, or "
                                "the ledger file changed)."),
    "match_gone_unchanged": ("何も変更していません。対局 #{id}はもう成績表にありません (別のスマホで削除されたか、"
                             "成績表のファイルが変わりました)。",
                             "Nothing was changed: match #{id} is no longer in the ledger (deleted on another phone, "
                             "or the ledger file changed)."),
    "redo_refused": ("{what}は戻していません。その後に表が変わりました。もう一度入力するか、先に別のスマホで入れた局を"
                     "取り消してください (取り消すと、ここから戻せます)。",
                     "{what} was not brought back: the table changed since; enter it again, or undo the other "
                     "phone's hand first (then it can be brought back here)."),
    # the end of a match ended early, undone, a hand recorded after it since
    "redo_refused_end": ("対局の終了は戻していません。その後に表が変わりました。終えるなら「この対局をいま終了」をもう一度使うか、"
                         "先に別のスマホで入れた局を取り消してください (取り消すと、ここから戻せます)。",
                         "The end of the match was not brought back: the table changed since; end it again with End "
                         "this match now, or undo the other phone's hand first (then it can be brought back here)."),
    "ledger_old_view_only": ("この成績表のファイル ({path}) は以前の版で書かれたもので、ファイルかフォルダが読み取り専用"
                             "のため更新できません。対局は見られますが、変更はできません。局を記録するには、ファイルと"
                             "フォルダを書き込めるようにするか、書き込めるフォルダにコピーして `TILELENS_LEDGER` に"
                             "そのコピーを指定してください。",
                             "This ledger file ({path}) was written by an earlier version and cannot be updated (the "
                             "file or its folder is read-only): its matches can be viewed but not changed. To record "
                             "hands, make the file and its folder writable, or copy it to a folder you can write to "
                             "and set TILELENS_LEDGER to the copy."),
    "col_hands": ("局数", "Hands"),
    # session 55: an evening's results across matches, summed per player (tilelens.ledger.evening_totals)
    "tonight": ("今夜の合計", "Tonight's totals"),
    "tonight_matches": ("合計する対局", "Matches to add up"),
    "tonight_matches_help": ("最初は、いちばん新しい対局と同じ夜 (朝5時まで) に始めた、局のある対局を選んでいます。"
                             "あとから記録された同じ夜の対局も選ばれます。外した対局は外したままです。2台のパソコンで"
                             "違って記録された同じ対局は、片方だけを選んでいます (どのパソコンでも同じほう)。",
                             "Ticked at first: the matches with a hand started the same evening as the newest one (an "
                             "evening runs to 5 in the morning), and such a match recorded later too. A match you "
                             "untick stays unticked. A match recorded differently on two laptops is ticked once: the "
                             "other record of it is not, the same one on every laptop."),
    "tonight_option": ("#{id} · {when}", "#{id} · {when}"),
    # a match two laptops recorded differently, kept twice by a merge (tilelens.ledger.recorded_twice): the other
    # record ({copy}, the same one on every laptop) not ticked, the pair said under the totals and in the match picker
    "tonight_twice_out": ("#{first}と#{copy}は、2台のパソコンで違って記録された同じ対局です。"
                          "#{out}は合計に入れていません (両方があるどのパソコンでも同じ)。間違っているほうを削除してください (上でその"
                          "対局を選んで「この対局を削除」)",
                          "#{first} and #{copy} are one match recorded differently on two laptops: #{out} is not "
                          "added up, as on every laptop that has both; delete the wrong one (choose it as the "
                          "match above, then Delete this match)"),
    "tonight_twice_both": ("#{first}と#{copy}は、2台のパソコンで違って記録された同じ対局です。両方を合計しているため、その卓"
                           "を2回数えています。間違っているほうを削除してください (上でその対局を選んで「この対局を削除」)",
                           "#{first} and #{copy} are one match recorded differently on two laptops: both are added up "
                           "here, so that table counts twice; delete the wrong one (choose it as the match above, then "
                           "Delete this match)"),
    "match_option_copy": ("{match} (#{first}の別の記録)", "{match} (another record of #{first})"),
    # the evening's matches of the other games (as `tilelens ledger totals` names them), each game a button away
    "tonight_other_games": ("今夜のほかのゲームの対局 (ここでは合計していません): {games}",
                            "Tonight's other games, not added up here: {games}"),
    "games_sep": ("、", "; "),
    "show_game": ("{game}の対局を表示", "Show {game}'s matches"),
    # a match without uma or oka added up with final scores (uma, oka): its result (total - start) ÷ 1,000, said
    "tonight_mixed_one": ("{ids}はウマ・オカのない対局です。その成績は (持ち点 − 開始時の持ち点) ÷ 1,000 で、{scored}の最終"
                          "スコアと合わせて合計しています。",
                          "{ids} has no uma or oka: its results are (total less the starting points) ÷ 1,000, added "
                          "to the final scores of {scored}."),
    "tonight_mixed": ("{ids}はウマ・オカのない対局です。その成績は (持ち点 − 開始時の持ち点) ÷ 1,000 で、{scored}の最終"
                      "スコアと合わせて合計しています。",
                      "{ids} have no uma or oka: their results are (total less the starting points) ÷ 1,000, added to "
                      "the final scores of {scored}."),
    "tonight_columns": ("列: {matches}", "Columns: {matches}"),  # under Tonight's totals: each match's column
    "tonight_match_help": ("対局 #{id} · {when} · {names}", "Match #{id} · {when} · {names}"),
    "tonight_none": ("合計する対局を選んでください。", "Choose the matches to add up."),
    "tonight_unticked_one": ("この夜の対局 {ids}は選ばれていないため、合計に入っていません。",
                             "1 match of this evening is not ticked, so not in the totals: {ids}."),
    "tonight_unticked": ("この夜の対局 {ids} ({n}件) は選ばれていないため、合計に入っていません。",
                         "{n} matches of this evening are not ticked, so not in the totals: {ids}."),
    # Tonight's totals' column of the matches each player played (as `tilelens ledger totals` heads it)
    "tonight_played": ("対局数", "Matches"),
    "tonight_what": ("単位: {unit}。各対局の成績は、最後の持ち点 (対局中はいまの持ち点) から開始時の持ち点を引いたもの"
                     "です。–: その対局に不参加",
                     "In {unit}: a player's result in a match is their total at its end (or now) less the starting "
                     "points; –: not at that table."),
    # the sticks on the tables added up, in no player's result, so the results add up to minus them ({sum}); each
    # table's as the ledger page says its pot ({pots}: "#1 1,000 points (1 stick)"), as `tilelens ledger totals`
    # says them (tilelens.ledger.EveningTotals.on_tables); a Donjara game's chips: DONJARA_STRINGS
    "tonight_on_tables": ("場のリーチ棒は誰の成績にも入りません (そのため成績の合計は {sum}): {pots}",
                          "Riichi sticks on the tables, in no player's result (so the results add up to {sum}): "
                          "{pots}"),
    # session 59 (F6): each name's matches ({where}: "Ann: #1, #6; ann: #4, #5"), to rename it in each; the words of
    # `tilelens ledger totals` (tilelens.ledger_cli.TOTALS_WORDS "look_alike")
    "tonight_look_alike": ("別のプレイヤーとして数えています (名前は入力どおりに照合します): {names}。同じ人なら、どちらかの"
                           "名前を、その名前の各対局 ({where}) で直してください (上でその対局を選んで「プレイヤーの名前を"
                           "直す」)。",
                           "Counted as different players (names are matched as typed): {names}. Where they are one "
                           "person, rename one in each match it is in ({where}): choose that match above, then Rename "
                           "a player."),
    # a player another laptop's record of a match calls otherwise (renamed there: Fumj here, Fumi
    # there), two players here; the words of `tilelens ledger totals` (tilelens.ledger_cli.TOTALS_WORDS "named_there")
    "tonight_named_there": ("#{id}の{here}は、ほかのパソコンの記録では{there}です。ここでは別のプレイヤーとして数えて"
                            "います。同じ人なら、上で対局 #{id}を選んで、{here}の名前を{there}に直してください (「プレイ"
                            "ヤーの名前を直す」)。",
                            "{here} (#{id}) is {there} in another laptop's record of that match, counted here as "
                            "another player. Where {here} is {there}, rename {here} in match #{id}: choose that match "
                            "above, then Rename a player."),
    "tonight_where": ("{name}は{ids}", "{name}: {ids}"),
    "tonight_where_sep": ("、", "; "),
    "tonight_ids_sep": ("・", ", "),
    # the heading of the totals where the matches ticked are of more than one evening, or of one not tonight's
    "tonight_evenings": ("{n}晩の合計 ({first}〜{last})", "Totals of {n} evenings ({first} to {last})"),
    "tonight_evening": ("{day}の夜の合計", "Totals of the evening of {day}"),
    # the totals as a CSV, the file `tilelens ledger totals --csv --out` writes (tilelens.ledger.totals_csv)
    "tonight_export": ("合計をCSVで書き出す", "Export the totals (CSV)"),
    "nothing_to_undo": ("取り消す局がありません。", "No hand to undo."),
    "record_draw": ("流局を記録", "Record a draw"),
    "tenpai_players": ("テンパイした人", "Tenpai players"),
    "tenpai_help": ("リーチした人はテンパイとして数えます (ここで選ばなくてもかまいません)。",
                    "A player who declared riichi counts as tenpai: no need to choose them here too."),
    # the draw form of a riichi game: an exhaustive draw, or an abortive one of a kind (tilelens.ledger.ABORTIVE_KINDS)
    "draw_how": ("流局の種類", "How the hand ended"),
    "draw_exhaustive": ("荒牌流局 (山がなくなった)", "Exhaustive draw (the wall ran out)"),
    "draw_abortive": ("途中流局: {kind}", "Abortive draw: {kind}"),
    # {kinds}: those the match's players can make (tilelens.ledger.abortive_kinds: no four winds at three)
    "draw_how_help": ("途中流局 ({kinds}) では誰も払わず、親はそのままで1本場増え、"
                      "リーチ棒は場に残ります。テンパイした人と流し満貫の人は空にしてください。",
                      "An abortive draw ({kinds}): nobody pays, "
                      "the dealer deals again with one more honba, and the riichi sticks stay on the table. Leave "
                      "Tenpai players and Nagashi mangan empty."),
    "tenpai": ("テンパイ", "Tenpai"),
    "address_match_missing": ("URLの対局 #{id}はこの成績表にありません。対局 #{shown}を表示しています。",
                              "Match #{id} named in the address is not in the ledger: showing match #{shown}."),
    "address_match_none": ("URLの対局 #{id}はこの成績表にありません。",
                           "Match #{id} named in the address is not in the ledger."),
    "ledger_move_aside": ("このファイルの名前を変えて残し、新しい成績表を始める",
                          "Keep this file under another name and start a new ledger"),
    "ledger_move_aside_help": ("ファイルは消さずに、同じフォルダで日時の入った名前に変えます。",
                               "Nothing is deleted: the file is renamed, with the date and time, in the same folder."),
    "ledger_moved_aside": ("元のファイルは {path}として残しました (何も消していません)。新しい成績表を始めました。",
                           "The old file is kept as {path} (nothing was deleted); a new ledger has started."),
    "ledger_moved_ok": ("OK", "OK"),
    # said once after an upgrade of the ledger file's layout (tilelens.ledger.Ledger.take_upgrade_notice)
    "ledger_upgraded": ("この成績表のファイルは、この版の tilelens に合わせて更新しました。以前の版の tilelens では、もう"
                        "このファイルに記録できません。更新前のファイルも残してあります ({path})。",
                        "This ledger file was upgraded for this version of tilelens: older versions of tilelens can "
                        "no longer record in it. The file as it was is kept at {path}."),
    "address_match_other_game": ("URLの対局 #{id}は「{game}」の対局です。見るにはゲームを「{game}」にしてください。",
                                 "Match #{id} named in the address is a match of {game}: choose that game to see it."),
    "riichi_players": ("リーチした人", "Players who declared riichi"),
    "record_chombo": ("チョンボを記録", "Record a chombo"),
    "chombo_player": ("チョンボをした人", "Who made the chombo"),
    "chombo_choose": ("チョンボをした人を選んでください。何も記録していません。",
                      "Choose who made the chombo: nothing was recorded."),
    "chombo_rule": ("チョンボをした人は {penalty}{unit}をほかの人に払います ({shares})。同じ親で局をやり直し、"
                    "その局で出したリーチ棒は戻します。",
                    "The player who made it pays {penalty} {unit} to the others ({shares}); the same dealer "
                    "deals the hand again, and riichi chips put out in it go back."),
    "chombo_rule_no_chips": ("チョンボをした人は {penalty}{unit}をほかの人に払います ({shares})。同じ親で局をやり直します。",
                             "The player who made it pays {penalty} {unit} to the others ({shares}); the same "
                             "dealer deals the hand again."),
    "chombo_note": ("チョンボ (ペナルティ {penalty})", "Chombo (penalty {penalty})"),
    # a player at the table is told what the rules say, not where (README's settled gaps: the ledger invents none)
    "chombo_none": ("{game}ではチョンボは記録しません。ルールにチョンボの罰符がありません。間違えて入れた上がりは"
                    "「最後の局を取り消す」で取り消せます。",
                    "No chombo is recorded for {game}: its rules set no penalty for one. A win entered by mistake is "
                    "taken back with \"Undo the last hand\"."),
    # a riichi match that keeps no chombo, where the table in use pays one: started before tilelens recorded one
    # (``rules_view.chombo_none_said``; README "Tokyo Mahjong chombo")
    "chombo_none_older": ("この対局は、tilelens がリーチ麻雀のチョンボを記録するようになる前に始めたため、チョンボは記録しません。"
                          "{game}の新しい対局では、チョンボは満貫払いです。間違えて入れた上がりは「最後の局を取り消す」で"
                          "取り消せます。",
                          "This match started before tilelens recorded a riichi chombo: none is recorded in it; a new "
                          "match of {game} pays a reverse mangan. A win entered by mistake is taken back with \"Undo "
                          "the last hand\"."),
    # a match started under a table that set no chombo, the table in use setting one since: the match keeps none
    # (``rules_view.chombo_none_said``; a Donjara game's in DONJARA_STRINGS)
    "chombo_none_since": ("この対局はチョンボのない{game}の表で始めたため、チョンボは記録しません。いまの表では、次の対局から"
                          "チョンボは満貫払いです。間違えて入れた上がりは「最後の局を取り消す」で取り消せます。",
                          "No chombo is recorded in this match: it started under a table of {game} that set none, and "
                          "keeps it. The table in use makes a chombo a reverse mangan from the next match. A win "
                          "entered by mistake is taken back with \"Undo the last hand\"."),
    "chombo": ("チョンボ", "Chombo"),
    "history": ("局の記録", "Hands"),
    "chart": ("持ち点の推移", "Totals over the hands"),
    "export_csv": ("局の記録をCSVで書き出す", "Export the hands (CSV)"),  # beside the standings' and the totals' CSV
    # an ended match's places, a CSV of their own (the hands' CSV is one table: no standings below it)
    "export_standings": ("最終順位をCSVで書き出す", "Export the final standings (CSV)"),
    "csv_english": ("CSVは英語です (列名・結果・メモ。表計算やほかのツールで読めるよう、画面の言語によらず同じです。"
                    "プレイヤー名は入力のまま)。",
                    "The CSV is in English whatever the screen's language (column names, results and notes, for "
                    "spreadsheets and other tools; players' names as typed)."),
    "rules_for": ("{game}の役", "Yaku of {game}"),
    "house_table": ("ハウスルール (既定値、主催者が編集できます)", "House table (a default the organiser can edit)"),
    "official_table": ("公式の表", "Official table"),
    "local_yaku": ("ローカル役", "Local"),
    "house_yaku": ("ハウスルール", "House"),
    "tile_id": ("ID", "id"),
    "part_tiles": ("牌の一覧", "tiles"), "part_yaku": ("役", "yaku"), "part_payout": ("支払い", "payout"),
    "part_win": ("上がりの条件", "win"), "part_table": ("卓のルール", "table"), "part_groups": ("組", "groups"),
    "part_chombo": ("チョンボ", "chombo"),
    "edited_in_use": ("編集した表で採点しています: {path}", "Scoring with the edited table: {path}"),
    # under it on the score pages, where the shipped table has changed since and the Rules page lists a change to
    # take (``rules_news.news_to_take``), with a link to that page, which shows the changes
    "edited_shipped_changed": ("その後に tilelens が更新され、同梱の表が変わりました。編集した表には、加わったルールや"
                               "変わったルールが入っていないかもしれません。「ルールと役」のページで確かめてください。",
                               "The shipped table has changed since this edit was made from it (tilelens was "
                               "updated): rules added or changed since may be missing from the edit; compare them on "
                               "the Rules and yaku page."),
    "edited_older": ("古い tilelens で保存した表なので、その後に同梱の表に加わったルールが入っていないかもしれません。"
                     "「ルールと役」のページで確かめてください。",
                     "This edit was saved by an older tilelens: rules added to the shipped table since may be missing "
                     "from it; compare them on the Rules and yaku page."),
    "edit_table": ("表を編集 (主催者向け)", "Edit the table (organisers)"),
    "save_table": ("検証して保存", "Validate and save"),
    "saved_table": ("保存しました。すぐに採点に使われます。", "Saved: it scores at once."),
    "invalid_table": ("保存できません: {err}", "Not saved: {err}"),
    "invalid_added": ("追加できません: {err}", "Not added: {err}"),  # the same, of a game added (its button: 追加)
    "cannot_save_table": ("アプリのフォルダに書き込めないので保存できません: {err}",
                          "Not saved: the app's folder cannot be written: {err}"),
    "cannot_add_table": ("アプリのフォルダに書き込めないので追加できません: {err}",
                         "Not added: the app's folder cannot be written: {err}"),
    # the Rules page's added games (settings.add_game's limits; settings.skipped_added_games, one warning a file)
    "add_limits": ("追加できるゲームは、牌が {kinds}種類まで、ファイルが {kb} KB までです (同梱のゲームはどれも、この上限"
                   "よりずっと小さいものです)。",
                   "A game added here has at most {kinds} tile kinds and a file of at most {kb} KB (every shipped "
                   "game is a fraction of that)."),
    "added_skipped": ("{file}は選べません: {why}", "{file} is not offered: {why}"),
    "table_changed_meanwhile": ("保存していません。編集を始めた後に、この表がほかの所 (別のタブや別の主催者) で保存されました。"
                                "上の表がいま使われている表です。あなたの編集はそのまま残っています。もう一度「検証して保存」を"
                                "押すと、あなたの編集で置き換えます。",
                                "Not saved: this table was changed elsewhere (another tab or organiser) since you began "
                                "editing; the table shown above is the one in use now. Your text is kept here: press "
                                "Validate and save again to replace it with yours."),
    "table_not_utf8": ("{path}は UTF-8 で保存されていないので、ここに出せません。UTF-8 で保存し直すか、同梱の表に戻してください。",
                       "{path} is not UTF-8 text, so it cannot be shown here: save it again as UTF-8, or restore "
                       "the shipped default."),
    "reset_table": ("同梱の表に戻す", "Restore the shipped default"),
    "reset_done": ("同梱の表に戻しました。", "The shipped default is back."),
    # session 60 (F10): a saved edit broken by hand, the newest copy in history/ that works brought back
    "back_to_working": ("最後に使えた編集に戻す", "Go back to the last edit that worked"),
    "back_to_working_help": ("保存した表は、最新の {n}件まで {folder}に残してあります。使えない表もそこに移します。",
                             "Each table saved is kept in {folder} (the last {n}); the one that does not work is "
                             "moved there too."),
    "back_to_working_help_away": ("保存した表は、tilelens を動かしているパソコンに最新の {n}件まで残してあります。",
                                  "Each table saved is kept on the computer running tilelens (the last {n})."),
    "back_to_working_done": ("最後に使えた編集 ({when}に保存) に戻しました。",
                             "Back to the last edit that worked (saved {when})."),
    # an edit the shipped table changed since (tilelens updated; the Rules page): each change a line in words, ticked
    # to be taken into the edit (``{take}``, ``{keep}``: the buttons' labels)
    "news_changed": ("この編集の元にした同梱の表が変わりました (tilelens の更新)。編集した表は、古い表のルールのまま"
                     "採点しています。下の変更のうち、取り込むものに印をつけて「{take}」を押してください (クラブで変えた"
                     "ところはそのままです)。取り込まないときは「{keep}」を押します。",
                     "The shipped table has changed since this edit was made from it (tilelens was updated): the "
                     "edited table still scores by the old rules. Tick the changes below that you want and press "
                     "“{take}” (what your club changed stays as it is), or press “{keep}”."),
    # what it was made from is not known (saved by an older tilelens): the club's own changes are among the lines
    "news_unknown": ("この編集は古い tilelens で保存したため、元にした同梱の表がわかりません。下は、編集した表といまの"
                     "同梱の表で違うルールです。クラブで変えたルールのほかに、その後同梱の表に加わったり変わったりした"
                     "ルールがあれば、それに印をつけて「{take}」を押してください。なければ「{keep}」を押してください。",
                     "This edit was saved by an older tilelens, so the shipped table it was made from is not known. "
                     "Below are the rules in which your edit and today's shipped table differ. Besides the rules your "
                     "club changed, if the shipped table has gained or changed rules since, tick those and press "
                     "“{take}”; if not, press “{keep}”."),
    "news_has": ("{what}: いまの同梱の表にあり、編集した表にはありません", "{what}: in today's shipped table, not in your edit"),
    "news_lacks": ("{what}: 編集した表にあり、いまの同梱の表にはありません", "{what}: in your edit, not in today's shipped table"),
    "news_differs": ("{what}: いまの同梱の表では{shipped}、編集した表では{edit}",
                     "{what}: {shipped} in today's shipped table, {edit} in your edit"),
    # the same where the club changed those lines too: what the shipped table changed ({edit}: before, {shipped}: now)
    "news_box_has": ("{what}: 同梱の表に加わりました", "{what}: added to the shipped table"),
    "news_box_lacks": ("{what}: 同梱の表からなくなりました", "{what}: gone from the shipped table"),
    "news_box_differs": ("{what}: 同梱の表で{edit}から{shipped}に変わりました",
                         "{what}: changed in the shipped table from {edit} to {shipped}"),
    "news_yaku": ("役「{name}」", "The yaku “{name}”"),
    "news_tile": ("牌「{name}」", "The tile “{name}”"),
    "news_unit": ("ユニット「{name}」のメンバー", "The members of the unit “{name}”"),
    "news_unit_members": ("{n}人", "{n}"),
    "news_rule": ("「{rule}」", "“{rule}”"),
    "news_keys": ("表の項目 {keys}が、いまの同梱の表と編集した表で違います",
                  "The table's {keys}: not the same in today's shipped table and your edit"),
    "news_clash": ("編集でもこの部分を変えてあるので、自動では取り込めません。下の「表を編集」で直してください。",
                   "Your edit changed this part too, so it cannot be taken in by itself: change it in “Edit the "
                   "table” below."),
    # a change the table would not load with, taken alone ({why}: " (the problem)" or ""), e.g. an older edit's
    # start_points = 3000 gone while its ends_at_or_below = 2500 stays
    "news_alone": ("この変更は単独では取り込めません。これだけを取り込むと、表が読み込めなくなります{why}。下の「表を編集」"
                   "で、関係する行とあわせて手で直してください。",
                   "This change cannot be taken in by itself: with it alone, the table would not load{why}. Make it "
                   "by hand in “Edit the table” below, with the lines it goes with."),
    # the news of the shipped table failed as a whole (the Rules page): the edit and its editor are still there
    "news_failed": ("この編集の後に同梱の表がどう変わったかを、一覧にできませんでした。編集した表はいまのまま使われて"
                    "います。下の「表を編集」で直すか、「{button}」で戻してください。",
                    "What the shipped table changed since this edit could not be listed; your edit is in use as it "
                    "is. Change it in “Edit the table” below, or go back with “{button}”."),
    "news_unreadable": ("変更をことばで示せませんでした。下の違いを見てください。",
                        "The changes could not be put in words: see the differences below."),
    "news_already": ("編集した表には、同梱の表の変更がもう入っています。「{keep}」を押すと、このお知らせは消えます。",
                     "Your edit already has the shipped table's changes: press “{keep}” and this note goes."),
    "news_take": ("印をつけた変更を取り込む", "Take the ticked changes"),
    "news_taken": ("同梱の表の変更 ({n}件) を編集した表に取り込んで保存しました。クラブで変えたところはそのままです。",
                   "Saved your edit with {n} of the shipped table's changes taken in; what your club changed is as it "
                   "was."),
    "news_kept": ("編集した表をこのまま使います。同梱の表がまた変わったときは、ここでお知らせします。",
                  "Your edit is kept as it is. If the shipped table changes again, this page says so."),
    # session 58 (u1): homes of older versions. The shipped table changed in words alone (names, readings,
    # descriptions: ``house_news.words_alone``), said in place of ``news_changed``
    "news_changed_words": ("この編集の元にした同梱の表が変わりました (tilelens の更新)。変わったのはことばだけ (名前、読み、"
                           "説明) で、採点は変わりません。下の変更のうち、取り込むものに印をつけて「{take}」を押してください"
                           " (クラブで変えたところはそのままです)。取り込まないときは「{keep}」を押します。",
                           "The shipped table has changed since this edit was made from it (tilelens was updated), "
                           "only in words (names, readings, descriptions): your table scores the same either way. Tick "
                           "the changes below that you want and press “{take}” (what your club changed stays as it "
                           "is), or press “{keep}”."),
    # changes taken into an edit saved by an older tilelens: its lines the club's or the shipped table's, not known
    "news_taken_older": ("印をつけた変更 ({n}件) を取り込んで保存しました。印をつけた行は、いまの同梱の表と同じになりました。"
                         "ほかの行は編集した表のままです。",
                         "Saved your edit with the {n} ticked changes taken in: the ticked lines now read as today's "
                         "shipped table; the rest of your edit is as it was."),
    "news_taken_older_one": ("印をつけた変更 ({n}件) を取り込んで保存しました。印をつけた行は、いまの同梱の表と同じに"
                             "なりました。ほかの行は編集した表のままです。",
                             "Saved your edit with the {n} ticked change taken in: the ticked lines now read as "
                             "today's shipped table; the rest of your edit is as it was."),
    # what no rule's line says of a change, in words (they were said by their keys: `house.defaults`)
    "news_value_names": ("{attr}の値の呼び名", "The names of the {attr} values"),
    "news_house_parts": ("主催者が変えてよい部分 (ハウスルールの既定)", "What the organiser may change (house-table defaults)"),
    "news_description": ("役「{name}」の説明", "The description of the yaku “{name}”"),
    "news_description_amounts": ("。編集した表の説明には、この表では払わない点数が書いてあります (この表の点数は {points})",
                                 ". Your edit's description quotes amounts your table does not pay (it pays "
                                 "{points})"),
    "news_open_tanyao": ("喰いタン (鳴いた手のタンヤオ)", "Open tanyao (kuitan)"),
    "news_on": ("あり", "on"),
    "news_off": ("なし", "off"),
    # rules a later tilelens plays by default, which the edit does not set (``house_news.new_defaults``)
    "news_new_defaults": ("この編集の元にした同梱の表の後に、tilelens は次のルールを既定で使うようになりました。編集した表には"
                          "書いていないので、これからの対局はこのルールで記録します: {rules}。変えるときは、下の「表を編集」"
                          "で表に書いてください ({keys})。",
                          "Since the shipped table this edit was made from, tilelens plays these rules by default; your "
                          "edit does not set them, so new matches are played with them: {rules}. To change one, write "
                          "it in the table in “Edit the table” below ({keys})."),
    # the same, for a game added in the app (no shipped table of its own: a copy of an older Tokyo Mahjong file)
    "news_new_defaults_added": ("このゲームのファイルには次のルールが書いてありません。いまの tilelens はこれらを既定で使う"
                                "ため (以前の tilelens は使っていませんでした。そのころの東京麻雀の表を写したファイルには"
                                "書いてありません)、これからの対局はこのルールで記録します: {rules}。変えるときは、下の"
                                "「表を編集」で表に書いてください ({keys})。",
                                "This game's file does not set these rules, which tilelens now plays by default (an "
                                "older tilelens did not play them, and a file copied from its Tokyo Mahjong table does "
                                "not say them), so new matches are played with them: {rules}. To change one, write it "
                                "in the table in “Edit the table” below ({keys})."),
    "news_new_pao": ("包 (責任払い) あり", "pao (liability payment) on"),
    "news_new_nagashi": ("流し満貫あり", "nagashi mangan paid at an exhaustive draw"),
    "news_new_chombo": ("チョンボは満貫払い", "a chombo pays a reverse mangan"),
    "news_new_off": ("{part}に {line}", "{line} under {part}"),
    "table_rules": ("卓のルール", "Table rules"),
    # {riichi}: the game's own call beside it (``game_t("riichi")``: Cinderella Girls' 「リーチ (スタンバイ)」)
    "sum_riichi_needed": ("上がるには{riichi}が必要です。", "A win needs a {riichi} first."),
    "sum_riichi_needed_dealt": ("上がるには{riichi}が必要です (配牌でテンパイなら{riichi}なしで上がれます)。",
                                "A win needs a {riichi} first, except with a hand one tile from winning as dealt."),
    "sum_riichi_free": ("{riichi}なしでも上がれます。", "A win needs no {riichi}."),
    "sum_start": ("開始時の持ち点は{n}です。", "Everyone starts with {n}."),
    # {n}: the amount with the game's unit in Japanese ("1,000点"); {chip}: in English ("1,000-point stick")
    "sum_chip": ("{n}のリーチ棒は次に上がった人のものになります (流局では次の局へ持ち越します)。",
                 "A riichi puts a {chip} on the table for the next winner (kept over a draw)."),
    "sum_no_chip": ("リーチ棒はありません。", "No riichi chip."),
    "sum_dealer_keeps": ("親が上がると連荘 (親が続く) です。", "A dealer who wins keeps the deal."),
    "sum_dealer_moves": ("親は毎局交代します。", "The deal moves on every hand."),
    "sum_draw_moves": ("流局では親は交代します。", "After a draw it moves on."),
    "sum_draw_riichi": ("流局では親がリーチしていれば続きます。", "After a draw the dealer keeps it only with a riichi."),
    "sum_draw_tenpai": ("流局では親がテンパイなら続きます。", "After a draw the dealer keeps it when tenpai."),
    "sum_noten": ("流局では、ノーテンの人が合計 {n}を払い、テンパイの人で分けます。",
                  "After an exhaustive draw the noten players pay {n} in all, shared by the tenpai players."),
    "sum_honba": ("親の上がりと流局のたびに1本場積み、子が上がると0本場に戻ります。1本場につきロンは{ron}、ツモは"
                  "1人{tsumo}ずつ加算します。",
                  "A honba is added by a dealer's win and by every draw; another player's win clears them. Each adds "
                  "{ron} to a ron and {tsumo} to each payment of a tsumo."),
    # {amount}: {n} with the game's unit in English ("300 points")
    "sum_chombo": ("チョンボをした人はほかの人に合計 {n}{unit}を払います。",
                   "A player who makes a chombo pays {amount} in all to the others."),
    "sum_end": ("全員が {laps}回ずつ親をするか、誰かの持ち点がなくなると対局終了です。",
                "The match ends when everyone has dealt {laps}, or a player has nothing left."),
    "sum_end_below": ("全員が {laps}回ずつ親をするか、誰かの持ち点がマイナスになると (トビ) 対局終了です。",
                      "The match ends when everyone has dealt {laps}, or a player's total falls below 0."),
    "sum_end_at": ("全員が {laps}回ずつ親をするか、誰かの持ち点が {n}以下になると対局終了です。",
                   "The match ends when everyone has dealt {laps}, or a player's total falls to {n} or below."),
    "sum_end_laps": ("全員が {laps}回ずつ親をすると対局終了です。", "The match ends when everyone has dealt {laps}."),
    # how far the deal has gone round, said plainly ("Deals 7/8" read as a count of dealers; 「親: Bo · … · 親 1/8」
    # said 親 twice; 「交代 0/8回」 said not what was counted: the deals (局), as the round line counts them, 親 once
    # on its line); after the end, as finished, in the same words (「終了 (親の交代 7/8回)」 read as another count)
    "deals": ("{total}局中{done}局終了", "{done} of {total} deals done"),
    "deals_ended": ("終了 ({total}局中{done}局)", "Ended with {done} of {total} deals finished"),
    "deals_all": ("終了 ({total}局中{done}局)", "Ended with {done} of {total} deals finished"),  # every one played
    "entry_col": ("入力順", "Entry"),  # the ledger's hands: each entry's number (a double ron's winners have one each)
    # a riichi game's hands table: the hand players count (a double ron's two entries one hand), and its round
    "hand_col": ("局の番号", "Hand"),
    "round_col": ("局", "Round"),
    "value": ("点数", "Value"),
    "han_closed": ("門前", "Closed"),
    "han_open": ("鳴き", "Open"),
    "han": ("{n}翻", "{n} han"),
    "yakuman": ("役満", "yakuman"),
    "double_yakuman": ("ダブル役満", "double yakuman"),
    "han_open_note": ("「—」は門前でしか付かない役です。ドラは役ではありません (1枚1翻)。「ローカル」は、このゲームの"
                      "役の一覧にも主な大会のルールにもない役です。人和は下の卓のルールのとおりに採点します。オープン"
                      "リーチは採点のページにはありません (コマンドラインでだけ採点します)。",
                      "\"—\": a yaku of closed hands only. Dora are not yaku (1 han each). \"local\": a yaku "
                      "neither in the game's own list nor in the main tournament rules (WRC, EMA): renhou is scored "
                      "as the table rules below say; the score pages do not offer open riichi (the command line "
                      "scores it)."),
    # the same where the game scores no renhou (``[riichi] renhou = "none"``): not in the table, not said
    "han_open_note_no_renhou": ("「—」は門前でしか付かない役です。ドラは役ではありません (1枚1翻)。「ローカル」は、このゲームの"
                                "役の一覧にも主な大会のルールにもない役です。オープンリーチは採点のページにはありません "
                                "(コマンドラインでだけ採点します)。",
                                "\"—\": a yaku of closed hands only. Dora are not yaku (1 han each). \"local\": a "
                                "yaku neither in the game's own list nor in the main tournament rules (WRC, EMA); the "
                                "score pages do not offer open riichi (the command line scores it)."),
    "sum_red_fives": ("赤ドラ (萬子・筒子・索子の5に1枚ずつ) は1枚につきドラ1です。",
                      "The red fives (one in each suit) are a dora each."),
    "sum_no_red_fives": ("赤ドラはありません。", "No red fives."),
    # a house set's own red copies ({reds}: 赤五筒 2枚 / 2 Red 5 Pin, 0p)
    "sum_red_fives_set": ("赤ドラ ({reds}) は1枚につきドラ1です。", "The red fives ({reds}) are a dora each."),
    "shape": ("形", "Shape"),
    "name_ja": ("名前", "Name (ja)"),
    "name_en": ("英語名", "Name (en)"),
    "tiles_of_game": ("牌の一覧", "Tiles of the game"),
    "score_error": ("採点できません: {err}", "Cannot score: {err}"),
    "seat": ("席", "Seat"),
    "total": ("合計", "Total"),
    "player": ("プレイヤー", "Player"),
    "kind": ("種類", "Kind"),
    "draw": ("流局", "Draw"),
    # the Label page: a photo's boxes (drawn, moved, deleted, renamed, copied) or their Undo that could not be saved (a
    # full disk, a read-only dataset): the label file as it was, and Undo keeps its step (app/components/label_nav.py)
    "boxes_not_saved": ("枠を保存できませんでした (ラベルファイルは元のままです): {why}",
                        "The boxes were not saved (the label file is as it was): {why}"),
    "undo_not_saved": ("元に戻せませんでした (枠はそのままです。直してからもう一度「元に戻す」を押してください): {why}",
                       "Undo was not saved (the boxes are as they were; press Undo again once this is put right): "
                       "{why}"),
    # the Label page's way to add a box without a mouse (app/components/label_panels.py ``_add_box``)
    "label_add_box": ("枠を追加", "Add a box"),
    "label_add_box_help": ("牌1枚ほどの枠を最後の枠の横 (そこに枠があれば、枠のないところ。枠がなければ写真の中央) に置いて"
                           "選びます。「動かす」のボタンかShift+矢印で牌の上に動かしてください。",
                           "Puts a box the size of a tile beside the last box (where no box is; in the middle of the "
                           "photo where there is none), selected: move it onto its tile with the Nudge buttons or "
                           "Shift+arrows."),
}


# What each problem of `label check` is, in Japanese (the details after it are the problem's own ``message_ja``): the
# command line's own table, one source
ISSUE_JA = ISSUE_KIND_JA


# The games' attributes and the values a page shows of them (filters, the rules page's tile table), in
# both languages; a value not listed is shown as the game file writes it.
ATTRIBUTE_NAMES = {
    "copies": ("枚数", "copies"), "almighty": ("オールマイティ", "Almighty"), "type": ("タイプ", "type"),
    "status": ("ステータス", "status"), "tiara": ("ティアラ", "tiara"), "colour": ("色", "colour"),
    "member": ("メンバー", "member"), "picture": ("絵柄", "picture"), "suit": ("種類", "suit"),
    "rank": ("数", "rank"), "red": ("赤ドラ", "red five"),
}


def attribute_name(attr: str, game: Any = None) -> str:
    """An attribute's name (a column of the tile table) in the screen's language: as the ``game``'s file names it
    (``[attribute_names]``) first."""
    own_ja, own_en = getattr(game, "attribute_names", {}).get(attr, ("", ""))
    ja, en = ATTRIBUTE_NAMES.get(attr, (attr, attr))
    return (own_ja or ja) if lang() == "ja" else (own_en or en)


def attribute_value(attr: str, value: str, game: Any = None) -> str:
    """An attribute's value in the screen's language (``"cool"`` -> ``"クール"``): as the ``game``'s file names it
    (``[attribute_values]``) first, then the scorer's table (``scorer.attribute_names.value_pair``)."""
    pair = value_pair(attr, value, game)
    return str(value) if pair is None else (pair[0] if lang() == "ja" else pair[1])


def lang() -> str:
    """The language chosen in the sidebar (Japanese by default)."""
    value = st.session_state.get(LANG_KEY)
    return value if value in LANGS else "ja"


def said(english: str, japanese: str | None = "") -> str:
    """A message that carries its own Japanese (an error's or a finding's ``message_ja``), in the screen's
    language: the English where no Japanese was written."""
    return japanese if japanese and lang() == "ja" else english


# The common reasons a file cannot be read or written, in Japanese of their own (``os_error_pair``): the system's words
# are English; an errno not here is said with them in brackets.
OS_ERRORS_JA = {
    "ENOENT": "ファイルがありません",
    "EACCES": "読み書きの許可がありません",
    "EPERM": "読み書きの許可がありません",
    "ENOSPC": "ディスクがいっぱいです",
    "EDQUOT": "ディスクがいっぱいです",
    "EISDIR": "フォルダです (ファイルのあるべき所にフォルダがあります)",
    "ENOTDIR": "フォルダのあるべき所にファイルがあります",
    "EEXIST": "フォルダのあるべき所にファイルがあります",
    "EROFS": "読み取り専用のディスクです",
    "ENAMETOOLONG": "名前が長すぎます",
}
# an error raised with words alone (no errno): said by its kind
OS_ERROR_KINDS = {FileNotFoundError: "ENOENT", PermissionError: "EACCES", IsADirectoryError: "EISDIR",
                  NotADirectoryError: "ENOTDIR", FileExistsError: "EEXIST"}


def os_error_pair(exc: OSError, named: object = None) -> tuple[str, str]:
    """A file or folder that cannot be read or written, in one line naming it: (English, Japanese), for a
    message kept and shown later in whatever language the screen has then. The common reasons are said in Japanese
    of their own (``OS_ERRORS_JA``), others with the system's words. ``named``: the file the caller's message names
    itself (``{p}: {err}``): where it is the error's, the error does not name it again.

    >>> os_error_pair(NotADirectoryError(20, "Not a directory", "/x/afile/sub"))[1]
    '/x/afile/sub: フォルダのあるべき所にファイルがあります'
    >>> os_error_pair(FileNotFoundError(2, "No such file or directory", "/x/report.json"), named="/x/report.json")
    ('No such file or directory', 'ファイルがありません')
    """
    import errno

    from tilelens.cli import os_problem

    code = errno.errorcode.get(exc.errno) if isinstance(exc.errno, int) else None
    if code not in OS_ERRORS_JA:
        code = next((c for kind, c in OS_ERROR_KINDS.items() if isinstance(exc, kind)), code)
    ja = OS_ERRORS_JA.get(code) or f"読み書きできません ({exc.strerror or str(exc)})"
    en = os_problem(exc, "en")
    if exc.filename is not None and _same_file(exc.filename, named):
        en = en.removeprefix(f"{exc.filename}: ")
        return en, ja
    return en, f"{exc.filename}: {ja}" if exc.filename else ja


def _same_file(path: object, named: object) -> bool:
    """Whether ``path`` (an error's file) is ``named`` (a str, bytes or path), said alike or as the same absolute path."""
    import os

    if named is None:
        return False
    try:
        one, other = os.fsdecode(path), os.fsdecode(named)  # type: ignore[arg-type]
    except TypeError:
        return False
    return one == other or os.path.abspath(one) == os.path.abspath(other)


def os_error_text(exc: OSError, named: object = None) -> str:
    """:func:`os_error_pair` in the screen's language (``named``: as there)."""
    return said(*os_error_pair(exc, named))


def error_text(exc: Exception) -> str:
    """An error in the screen's language (its ``message_ja`` where it has one). A match of the ledger that cannot be
    read (``tilelens.ledger.MatchDamagedError``, whose message names the ledger's file whole, for `tilelens ledger`)
    is said to a phone as the match and why alone (``match_damaged_away``): the laptop's file is no phone's to see
    (``visitor``), on the ledger page and the score pages alike."""
    from tilelens.ledger import MatchDamagedError

    if isinstance(exc, MatchDamagedError) and hasattr(exc, "why"):
        from app.components.visitor import is_local_visitor

        if not is_local_visitor():
            return t("match_damaged_away", id=exc.match_id, why=said(exc.why, exc.why_ja))
    return said(str(exc), getattr(exc, "message_ja", ""))


def text_in(table: Mapping[str, tuple[str, str]], key: str, **fmt: Any) -> str:
    """The (ja, en) string ``key`` of ``table`` in the current language, formatted with ``fmt``.

    Pages with strings of their own keep their table beside them and look it up here."""
    ja, en = table[key]
    text = ja if lang() == "ja" else en
    return text.format(**fmt) if fmt else text


def t(key: str, **fmt: Any) -> str:
    """The string ``key`` in the current language, formatted with ``fmt``."""
    return text_in(STRINGS, key, **fmt)


# A Donjara game's own words for the keys that riichi mahjong says its way (``game_t``): its documents' 10-point chip
# (10点チップ, RULES.md; seeds 001, 003), not a mahjong stick (リーチ棒); 「捨てた人」 (the Yokai Watch seed's 「パイを
# 捨てたプレイヤー」), not 「放銃者」. key: (Japanese, English), formatted as the key of ``STRINGS``.
DONJARA_STRINGS: dict[str, tuple[str, str]] = {
    # a third ron on a discard at a table with a riichi chip: the ledger takes two, and a Donjara game has no abortive
    # draw (三家和): the hand is one nobody won (tilelens.ledger.Ledger._check_same_discard)
    "no_third_ron": ("この捨て牌で3人目もロンしていたら: この卓では1つの捨て牌で上がれるのは2人までで、3人がロンした局は"
                     "上がりになりません。記録済みの2つのロンを「最後の局を取り消す」で取り消し、成績表のページの"
                     "「誰も上がらなかった局を記録」で記録してください (支払いはありません)。",
                     "If a third player also won on this discard: at this table a discard takes two winners at most, "
                     "so three rons are not three wins. Undo the two rons recorded (\"Undo the last hand\") and "
                     "record the hand on the ledger page with \"Record a hand nobody won\" (nobody pays)."),
    # another winner on the last ron's discard: no ダブロン, and no seat winds (a Donjara table has none)
    "same_discard": ("直前のロンと同じ捨て牌でのロン (同じ牌で複数人が上がり)",
                     "Also won on the last ron's discard (several winners on one tile)"),
    "same_discard_hint": ("{name}の直前の捨て牌でのロンなら、「{box}」にチェックを入れてください。{name}がそれぞれの上がった人に"
                          "全額払います。入れなければ次の局の上がりとして記録されます。",
                          "If this winner also won on {name}'s last discard, tick \"{box}\": {name} pays each winner "
                          "in full. Unticked, the hand is recorded as the next hand."),
    "same_discard_hint_ended": ("対局を終わらせた{name}の捨て牌でのロンなら、「{box}」にチェックを入れてください。{name}がそれぞれの"
                                "上がった人に全額払い、対局 #{id}に記録します。入れなければ、この対局には記録できません。",
                                "If this winner also won on {name}'s discard that ended the match, tick \"{box}\": "
                                "{name} pays each winner in full, and the ron is added to match #{id}. Unticked, the hand "
                                "cannot be added to this match."),
    "sticks": ("場のリーチのチップ (自分のは除く)", "Riichi chips on the table (not yours)"),
    "sticks_help": ("前の局から残ったチップや、ほかの人がリーチで出したチップ。自分のリーチのチップは「リーチ」で数えます。",
                    "Chips left from earlier hands and other players' riichi; your own riichi's chip is counted by "
                    "the Riichi box."),
    "pot_taken": ("場のリーチのチップ {pot}{unit}も受け取り、合計 {total}{unit}です。",
                  "Riichi chips on the table: {pot}; you receive {total} in all"),
    "repriced_pot": ("受け取るリーチのチップ: {was} → {now} (合計 {total})",
                     "the riichi chips it takes are now {now} (was {was}), {total} in all"),
    "pot_own": ("うち {own}{unit}は自分がリーチで出したチップです (ほかの人は払いません)。",
                "{own} of them the winner's own riichi chip (nobody else pays it)"),
    "pot": ("場のリーチのチップ:\u00a0{pot}", "Riichi chips on the table: {pot}"),
    "tonight_on_tables": ("場のリーチのチップは誰の成績にも入りません (そのため成績の合計は {sum}): {pots}",
                          "Riichi chips on the tables, in no player's result (so the results add up to {sum}): "
                          "{pots}"),
    "pot_left": ("場に残ったリーチのチップ: {pot}。誰の持ち点にも入りません",
                 "Riichi chips left on the table: {pot}, in no player's total"),
    "riichi_short": ("{name}は{total}点で、リーチで出す{chip}点チップに足りないため、リーチできません。",
                     "{name} has {total} points, fewer than the {chip}-point chip a riichi puts down: {name} may not "
                     "declare riichi."),
    "discarder": ("捨てた人", "Discarder"),
    "win": ("ドンジャラ！", "A win!"),  # the cry the seeds' players make; in English as for riichi
    "chombo_none": ("{game}ではチョンボは記録しません。ルールにチョンボのペナルティがありません。間違えて入れた上がりは"
                    "「最後の局を取り消す」で取り消せます。",
                    "No chombo is recorded for {game}: its rules set no penalty for one. A win entered by mistake is "
                    "taken back with \"Undo the last hand\"."),
    "chombo_none_since": ("この対局はチョンボのペナルティがない{game}の表で始めたため、チョンボは記録しません。いまの表では、"
                          "次の対局からチョンボのペナルティは{penalty}です。間違えて入れた上がりは「最後の局を取り消す」で"
                          "取り消せます。",
                          "No chombo is recorded in this match: it started under a table of {game} that set no "
                          "penalty for one, and keeps it. The table in use sets a penalty of {penalty} from the next "
                          "match. A win entered by mistake is taken back with \"Undo the last hand\"."),
    "several_ron": ("複数人が同じ捨て牌でロンできる", "Several players may ron one discard"),
    "several_ron_help": ("捨てた人がそれぞれに全額払います。", "The player who discarded it pays each in full."),
    # a hand nobody won, in the hands table: as the button that records it says it (not riichi mahjong's 流局); a
    # game whose document says its own word says it (its file's ``[table] calls`` draw: Nogizaka's 流局, DRAW_CALLED)
    "draw": ("誰も上がらず", "Nobody won"),
    # the ledger's count of dealer turns: a Donjara 局 is a hand (seed 001: 「1ゲーム(1局)」, the page's 「10局目」), so
    # the dealer's turns are 親番 (「全員が親を2回担当したらゲーム終了」), not riichi mahjong's 8局 of 東1局 ... 南4局
    "deals": ("親番 {total}回中{done}回終了", "{done} of {total} dealer turns done"),
    "deals_ended": ("終了 (親番 {total}回中{done}回)", "Ended with {done} of {total} dealer turns finished"),
    "deals_all": ("終了 (親番 {total}回すべて)", "Ended with all {total} dealer turns played"),
    "chombo_rule": ("チョンボをした人は {penalty}{unit}をほかの人に払います ({shares})。同じ親で局をやり直し、"
                    "その局で出したリーチのチップは戻します。",
                    "The player who made it pays {penalty} {unit} to the others ({shares}); the same dealer "
                    "deals the hand again, and riichi chips put out in it go back."),
    "win_kind_help": ("手ごとにツモかロンかを選びます (初期値は{kind})。", "Tsumo or ron, for each hand: a new one starts at {kind}."),
    "record_draw": ("誰も上がらなかった局を記録", "Record a hand nobody won"),
    "sum_chip": ("リーチをすると{n}チップを場に出します。そのチップは次に上がった人のものになります (誰も上がらなければ"
                 "次の局へ持ち越します)。",
                 "A riichi puts a {chip} on the table for the next winner (kept when nobody wins)."),
    "sum_no_chip": ("リーチのチップはありません。", "No riichi chip."),
    "sum_draw_moves": ("誰も上がらなかったときは親は交代します。", "After a draw it moves on."),
    "sum_draw_riichi": ("誰も上がらなかったときは、親がリーチしていれば続きます。",
                        "After a draw the dealer keeps it only with a riichi."),
}


# The keys a game's own calls say (its file's ``[table] calls``, ``scorer.engine.game_calls``): the win's cry
# (Cinderella Girls: 「ライブスタート！」, "Live Start!"), and the riichi box named with the game's call beside
# リーチ (「リーチ (スタンバイ)」, "Riichi (Standby)"; RULES.md 000: "Standby! (Riichi)").
CALLED = ("win", "riichi", "draw")


def own_call(key: str, game: Any) -> str | None:
    """``key`` (one of ``CALLED``) as ``game``'s file calls it, in the screen's language; None where it names no call
    of its own (or its calls cannot be read: the rules page says why)."""
    from scorer.engine import game_calls
    from scorer.result import GameFileError

    if key not in CALLED or game is None:
        return None
    try:
        own = game_calls(game).get(key)
    except GameFileError:
        return None
    if own is None:
        return None
    said = own[0] if lang() == "ja" else own[1]
    return f"{t(key)} ({said})" if key == "riichi" else said  # a draw said as its word alone (Nogizaka's 流局)


# keys that name the riichi, said with a game's own call for it (``own_call``: Cinderella Girls' 「リーチ (スタンバイ)」)
SAID_WITH_CALL: dict[str, tuple[str, str]] = {
    "riichi_players": ("{riichi} した人", "Players who declared {riichi}"),
}


# keys that name a hand nobody won, said with a Donjara game's own word for it (``own_call``: Nogizaka's 流局) in
# Japanese; the English as a Donjara game's (the draw's own English word is said in the hands table)
DRAW_CALLED: dict[str, tuple[str, str]] = {
    "record_draw": ("{draw}を記録", DONJARA_STRINGS["record_draw"][1]),
    "sum_draw_moves": ("{draw}では親は交代します。", DONJARA_STRINGS["sum_draw_moves"][1]),
    "sum_draw_riichi": ("{draw}では、親がリーチしていれば続きます。", DONJARA_STRINGS["sum_draw_riichi"][1]),
    "no_third_ron": (DONJARA_STRINGS["no_third_ron"][0].replace("「誰も上がらなかった局を記録」", "「{draw}を記録」"),
                     DONJARA_STRINGS["no_third_ron"][1]),
}


def game_t(key: str, game: Any, /, **fmt: Any) -> str:
    """``t`` in ``game``'s own words: its file's own calls (``own_call``: Cinderella Girls' 「ライブスタート！」),
    else a Donjara game's (``DONJARA_STRINGS``: chip, not stick) where it has its own, chosen by the game's engine,
    so that a game added in the app speaks as its engine's games do."""
    called = own_call(key, game)
    if called is not None:
        return called
    if key in SAID_WITH_CALL and (riichi := own_call("riichi", game)) is not None:
        return text_in(SAID_WITH_CALL, key, riichi=riichi, **fmt)
    donjara = getattr(game, "engine", "riichi") != "riichi"
    if donjara and key in DRAW_CALLED and (draw := own_call("draw", game)) is not None:
        return text_in(DRAW_CALLED, key, draw=draw, **fmt)
    if donjara and key in DONJARA_STRINGS:
        return text_in(DONJARA_STRINGS, key, **fmt)
    return t(key, **fmt)


def tr() -> Callable[[str], str]:
    """``t`` with the language fixed now: for ``format_func``, which may be called outside the run."""
    index = LANGS.index(lang())
    return lambda key: STRINGS[key][index]


def name_of(thing: Any) -> str:
    """A tile kind's, game's or yaku's name in the current language."""
    ja = getattr(thing, "name_ja", None) or getattr(thing, "name", "")
    en = getattr(thing, "name_en", None) or ja
    return ja if lang() == "ja" else en


def switch_page(page) -> None:
    """``st.switch_page`` to ``page`` with the address's parameters kept (``?match=``), as a sidebar link keeps
    them. Without ``query_params`` Streamlit clears them, and refuses to clear ``?lang=``, the language
    switch's own ("Cannot clear query parameters"); it cannot be set from code either, so it is left out: the
    session keeps the language."""
    kept = [(key, value) for key in st.query_params if key != LANG_KEY for value in st.query_params.get_all(key)]
    st.switch_page(page, query_params=kept)
