"""``tilelens read IMAGE... [--game GAME | --tileset NAME] [--json | --kinds]``.

Per photo, the tiles in hand order with box, kind, attributes and confidences. ``--kinds`` prints only
the kinds of each photo on one line, so that ``tilelens score --game G $(tilelens read --kinds ...)``
chains; riichi melds laid apart at the right of the hand (``vision.melds``) are left out of the kinds
and follow them as ``--melds pon:555z ...``, and ``--json`` lists them as ``melds``. When a game's hand
does not win as read but would with a tile or two read as their next guesses (or a stray box dropped),
the text says so and ``--json`` gives it as ``winning_reading`` (``scorer.likely``): a person checks the
photo and takes it or not. When the tiles do not look like the game's at all (a photo of another game's tiles:
``HandReading.other_game``; with --game each other game's classifier reads the tiles too, ``vision.other_game``, and
one reading them surer by a margin is the game they look like, ``looks_like``), the text asks whether the game is right
(naming that game, where one is) and ``--json`` says ``other_game`` and ``looks_like`` (not the
tiles of the ``--tileset`` read with: ``HandReading.other_set``, whether the set is right, ``other_tileset``); the
text holds that question back where a note says the colours are lost (``COLOUR_NOTES``: the note is the likelier
cause), and says the notes first. ``--kinds`` says on standard error, a line each, what the text says beside the kinds (notes, the other game,
a winning reading): its standard output stays score's words. A batch shows a progress bar on standard error where
it is a terminal and standard output says nothing as it goes (``_shows_progress``); text, ``--kinds`` and ``--json``
end with a line on standard error naming the photos not read, where some were not. A tile a person should check
(as the app marks it: ``is_unsure``) has ``?`` after its number and a note names it; a box unsure of being a tile
and clearly off the hand's row (``off_row``: an object below the rack, a discard on the table) is listed but left
out of the kinds, ``score_args``, the melds and the winning reading, and a note says so (``--json``: each tile's
``unsure`` and ``off_row``); tiles smaller than ``vision.SMALL_TILE_PX`` (the app's too) get its note. A tile set's reading is
scored as the game it maps to (``scoring_game``): its winning reading too. Kinds of the game in use that the model
reading it never learnt (``HandReading.unlearnt_kinds``: a member a house table edited in the app added, which the
box's classifier reads surely as another) are said below the kinds, with how to teach them and the tile sets taught
for the game on all its kinds (``unlearnt_said``), and, where a tile set reads it, how many of the game's kinds that
set knows is said once on standard error (``lacks_said``); kinds a house table dropped, which the box's classifier
still names, are left out of the kinds as none of the table in use (``vision.scorable.table_said``). A photo with no
tiles found is said on standard error, with a hint (``NO_TILES``; a photo too dark, ``NO_TILES_DARK``; a plain one,
``NO_TILES_PLAIN``); its text, ``--kinds`` line and ``--json`` entry stay as a script reads them. What may make a
photo read worse, or not all of it read (no colour, a 256-colour palette, an animation's later frames, two hands in one
photo: ``vision.image_io.photo_notes``) is said in a ``note:`` line each, and ``--json`` lists them as ``notes``
(``note`` and ``text``); so is what the app's photo page says about a photo (``quality_notes``, from
``vision.photo_checks.judge``): first the reasons to retake (a photo too small, blurry, many tiles unsure, too dark, a
tile at its edge and one short with it), last faces washed out by a reflection and a hand that may be upside down
(with the ``--turn`` that reads it turned round), in words for a command line; the small tiles' height is quoted in
the photo's own pixels. An unreadable photo prints one line naming it and the problem; the others are
still read, and the exit status is 2. ``-`` is a photo piped in on standard input (``cat photo.jpg | tilelens
read - --game G``). The text and the errors are in Japanese where the environment asks for it
(``TILELENS_LANG=ja`` or a Japanese locale: ``scorer.result.cli_lang``), each tile named by its game's Japanese
name beside its id (``WORDS``), and so is ``--help`` (``READ_HELP_JA``); ``--json`` and ``--kinds`` are the
same in both languages (as ``tilelens score``'s are).

``--json`` is one object on one line: ``game``, ``tileset``, ``unlearnt_kinds`` (the kinds of the game in use that
the model reading it never learnt, which it reads as other kinds: a house table's new member; ``[]`` where it names
every kind), ``tilesets_naming_all`` (where some are: the tile sets taught for the game that name every kind of it,
``--tileset NAME`` reads with one; else ``[]``), ``images``, one entry per photo in the order
given, and ``interrupted`` (true where Ctrl-C stopped the batch: ``images`` are the photos read before; exit 130),
each entry with the same keys (``image_entry``): a photo not read has its ``error`` (null for one read),
empty lists of tiles, kinds and melds, and null for what was not measured. ``score_args`` chains as
``--kinds`` does (``tilelens score --game G $(jq -r '.images[0].score_args[]')``). A value that is not there (the
game of a tile set of no game, the tile set of a game) is null.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from tqdm import tqdm

from scorer.attribute_names import ATTRIBUTE_NAMES_JA, ATTRIBUTE_VALUES, own_names_ja
from scorer.catalog import load_game
from scorer.cli import (VALUE_WORDS_JA, HelpFormatter, add_shipped_rules, columns, pad_columns,
                        say_help_in_japanese)
from scorer.cli import Parser as _Parser  # one line, as `tilelens score` says it (in Japanese too)
from scorer.result import TilelensInputError, cli_lang, error_text, game_name_ja, printable
from tilelens.cli import os_problem
from vision import SMALL_TILE_PX
from vision.cli_args import is_terminal, named_path, tileset_name
from vision.other_game import asking_others  # with --game: the other games asked too (``main``)
# the hand as scored: shared with the library (``HandReading.scorable``), importable from here as before
from vision.scorable import (hand_of, house_table_of, is_unsure, kinds_line, not_of_game, off_row, scoring_game,
                             table_said, winning_of)


READ_EPILOG = (
    "--json: one JSON object on one line (UTF-8; the same keys and values whatever the language; notes' text in "
    "English): `game`, `tileset` (null where none), `unlearnt_kinds`, `tilesets_naming_all`, `interrupted` (true "
    "where Ctrl-C stopped the batch) and `images`, one per photo in the order given, each with the same keys: `path`, "
    "`error` (null for a photo read), `width`, `height`, `game`, `tileset`, `turned` (quarter turns read turned), "
    "`kinds` (every face-up tile), `tiles`, `melds`, `score_args` (what --kinds prints, as a list), "
    "`winning_reading` (null, or `kinds`, `odds`, `changes`: `tile` counted from 1, `read`, `becomes`, "
    "`probability`), `other_game` (true where the tiles do not look like --game's; null with --tileset or a photo "
    "not read), `looks_like` (the id of the game another classifier reads them surer as, where `other_game`; else "
    "null), `other_tileset` (likewise, of the --tileset's tiles; null without --tileset or for a photo not read) "
    "and `notes` (`note`, `text`; `note` one of, in this order: small_photo, blurry_retake, blurry_many, "
    "unsure_many, dark, at_edge, blurry, colourless, palette, animated, multipage, two_hands, small_tiles, glare, "
    "hidden, upside_down). "
    "Each tile: `xyxy` (the photo's pixels), `kind`, `attrs`, `confidence` "
    "(`detection`, `box`, `kind` and one per attribute, 0-1), `is_back`, `alternatives` (`kind`, `score`, likeliest "
    "first), `unsure` (`?` in the text) and `off_row`. `melds`: `meld` (as --melds takes it) and `tiles`, positions "
    "in `tiles` counted from 1, as the text counts them. Progress and the photos not read go to standard error."
    "\n\n"
    "Exit status: 0 every photo read, one too small to hold a tile too (no tiles found, said on standard error); 2 "
    "bad input or a photo not read (one that does not open or decode: --json still lists every photo, that one with "
    "its error); 130 interrupted (Ctrl-C; --json then holds the photos read before).")

# The help said in Japanese (``scorer.cli.say_help_in_japanese``), by each option's first name: one line for each of
# the English ones in ``_parse``, kept in step with them. The epilog says the --json keys by name only: each one's
# meaning is in the English help, which it points to.
READ_HELP_JA = {
    "IMAGE": "写真のファイル (JPEG・PNG・WebP・AVIF・HEIC など、Pillow が読める形式)。標準入力から渡す写真1枚は - で指定します",
    "--game": "ゲーム (同梱のゲームかアプリで追加したゲームの id か名前、またはゲームの .toml ファイル)。そのゲームを読むモデルで"
              "読みます。--tileset と一緒なら、その牌セットで読んだ牌をこのゲームの手として採点します",
    "--tileset": "登録した牌セット (models/tilesets/NAME、または自分で登録したもの: tilelens enroll)。--game と一緒なら、"
                 "そのゲームの牌として読みます (そのゲームのために覚えさせたセットか、種類のほとんどがそのゲームの牌のセット)",
    "--json": "すべての写真で JSON オブジェクトを1つ出力します (最後に。Ctrl-C のときは読んだ写真の分を "
              "interrupted: true 付きで)",
    "--kinds": "牌の id だけを、写真ごとに1行で出力します (読めない写真は空の行)",
    "--models": "モデルのフォルダ (指定がなければ同梱の models/)",
    "--detector": "牌を見つけるのに使う別の検出器の ONNX (例: `tilelens train quantize` で作ったもの)。指定がなければ"
                  "牌セットのもの、なければ同梱のもの",
    "--turn": "どの写真も、反時計回りにこの回数だけ90度回して、その手牌の持ち主から見た向きで読みます (2: 卓の向かいから"
              "撮った写真、0: 撮ったまま)。指定しなければ、写真の向きは向きのモデルが判断します",
    "--no-set-limit": "写真に同じ種類がセットにある枚数より多く写ることになっても、牌を1枚ずつ別々に名付けます "
                      "(指定しなければ、1枚の写真の種類はセットの枚数の中でまとめて選びます)",
}
READ_EPILOG_JA = (
    "--json: JSON オブジェクトを1行で出力します (UTF-8。キーと値は言語によらず同じで、notes の文は英語): `game`・"
    "`tileset`・`unlearnt_kinds`・`tilesets_naming_all`・`interrupted` (Ctrl-C で止めたとき true)・`images` (写真ごとに"
    "1つ、指定した順。どれも同じキー)。キーそれぞれの意味は英語のヘルプにあります: TILELENS_LANG=en tilelens read "
    "--help。進み具合と読めなかった写真は標準エラーに出します。"
    "\n\n"
    "終了ステータス: すべての写真を読めたときは 0 (牌が写るには小さすぎる写真も、読めて牌が見つからなかった写真として 0。"
    "標準エラーにそう出します)。入力の誤りか、読めない写真 (開けない・画像として読み取れない) があるときは 2 (--json は"
    "それでもすべての写真を並べ、その写真には error があります)。中断 (Ctrl-C) は 130 (--json はそれまでに読んだ写真を並べます)。")


def _parse(argv: list[str]) -> argparse.Namespace:
    p = _Parser(prog="tilelens read", description="Read the tiles in photos.", epilog=READ_EPILOG,
                formatter_class=HelpFormatter)  # lines break at spaces only: an option name is never split
    add_shipped_rules(p)  # the router's option (it picks the table): argparse lists it
    p.add_argument("images", nargs="+", metavar="IMAGE", type=named_path("photo", str),
                   help="photo files (JPEG, PNG, WebP, AVIF, HEIC or another format Pillow reads); - for one photo "
                        "piped in on standard input")
    p.add_argument("--game", help="a game (the id or name of a shipped game or one added in the app, or a game .toml file), read with "
                                  "the model that reads it; with --tileset, the game the set's reading is scored as")
    p.add_argument("--tileset", type=tileset_name, help="an enrolled tile set (models/tilesets/NAME, or a user's own: "
                                                        "tilelens enroll); with --game, read as that game's tiles (a "
                                                        "set taught for it, or one whose kinds are mostly its tiles)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="one JSON object for all photos (printed at the end; "
                     "on Ctrl-C, of those read, with interrupted: true)")
    out.add_argument("--kinds", action="store_true",
                     help="only the tile ids, one line per photo (an empty line for a photo that cannot be read)")
    p.add_argument("--models", type=named_path("folder", str), help="models folder (default: the shipped models/)")
    p.add_argument("--detector", type=named_path("file", str),
                   help="another detector ONNX to find the tiles with, e.g. one made by `tilelens train quantize` "
                        "(default: the tile set's, else the shipped one)")
    p.add_argument("--turn", type=int, choices=range(4), metavar="{0,1,2,3}",
                   help="read every photo turned this many quarter turns anticlockwise, as its hand's owner sees "
                        "it (2: photographed from across the table; 0: as taken), instead of letting the "
                        "orientation model judge which way up it stands")
    p.add_argument("--no-set-limit", dest="set_limit", action="store_false",
                   help="name each tile on its own, even if a photo then shows more copies of a kind than the "
                        "set holds (by default the kinds of one photo are chosen together within the set)")
    if cli_lang() == "ja":
        say_help_in_japanese(p, READ_HELP_JA, "写真の牌を読みます。", READ_EPILOG_JA)
    a = p.parse_args(argv)
    if a.game is None and a.tileset is None:  # as argparse's required group said it
        p.error("one of the arguments --game --tileset is required")
    if a.game is not None:
        from scorer.cli import game_named

        a.game = game_named(a.game)  # by its id or its name (乃木坂), as `tilelens score` takes it
    return a


# What ``tilelens read`` says of each of ``vision.image_io.photo_notes``' notes (the app's photo page says them in
# its own strings: ``app.components.photo.NOTE_KEYS``). ``--json`` gives the English (``image_entry``).
NOTES_BY_LANG = {
    "en": {
        "colourless": "the photo has no colour (grey): tiles are told apart partly by colour (red fives, the green "
                      "dragon, red-inked characters), so many may be misread: photograph in colour",
        "palette": "the photo is stored in 256 colours or fewer (a GIF or palette PNG): small colour marks such as a "
                   "red five's may be lost and tiles misread: the camera's own photo reads better",
        "animated": "an animation: only its first frame is read",
        "multipage": "the file holds several pages (pictures): only its first page is read",
        "two_hands": "two hands may be in this photo (more tiles than a hand, in two groups apart), read as one: "
                     "photograph one hand",
    },
    "ja": {
        "colourless": "写真に色がありません (白黒): 牌は色でも見分けるので (赤ドラの5、發、萬子の赤い字)、"
                      "多くを読み違えることがあります: カラーで撮ってください",
        "palette": "写真が256色以下で保存されています (GIF かパレットの PNG): 赤ドラの赤のような小さな色が消えて、"
                   "読み違えることがあります: カメラで撮った元の写真のほうがよく読めます",
        "animated": "動く画像です: 最初のコマだけを読みます",
        "multipage": "複数のページ (画像) が入ったファイルです: 最初のページだけを読みます",
        "two_hands": "この写真には手牌が2つあるようです (1つの手より多い牌が2か所に分かれています)。1つとして読みます: "
                     "手牌は1つずつ撮ってください",
    },
}
NOTES = NOTES_BY_LANG["en"]
# The colour notes of a photo of any other game (Donjara's, or a tile set of no game): its tiles' colour marks, not
# riichi's red fives and green dragon (as the app's photo page says them: ``photo_note_colourless_donjara``).
OTHER_NOTES_BY_LANG = {
    "en": {
        "colourless": "the photo has no colour (grey): tiles are told apart partly by colour (their colour marks, "
                      "tiles that differ only in colour), so many may be misread: photograph in colour",
        "palette": "the photo is stored in 256 colours or fewer (a GIF or palette PNG): small colour marks on the "
                   "tiles may be lost and tiles misread: the camera's own photo reads better",
    },
    "ja": {
        "colourless": "写真に色がありません (白黒): 牌は色でも見分けるので (色の印、色だけが違う牌)、"
                      "多くを読み違えることがあります: カラーで撮ってください",
        "palette": "写真が256色以下で保存されています (GIF かパレットの PNG): 牌の色の印のような小さな色が消えて、"
                   "読み違えることがあります: カメラで撮った元の写真のほうがよく読めます",
    },
}


def _is_riichi(game: str) -> bool:
    """True for a riichi game (its red fives and green dragon are told by colour); False for a Donjara game, and
    for none or one that will not load (a tile set of no game: notes true of any tiles)."""
    if not game:
        return False
    try:
        return load_game(game).engine == "riichi"
    except Exception:  # noqa: BLE001 - a game that cannot be loaded: the notes of any tiles
        return False


def note_text(note: str, game: str, lang: str = "en") -> str:
    """What ``tilelens read`` says of ``note`` on a photo of ``game``: a colour note names the colour-told tiles of
    that game only (``NOTES_BY_LANG`` for riichi, ``OTHER_NOTES_BY_LANG`` for any other)."""
    other = {} if _is_riichi(game) else OTHER_NOTES_BY_LANG[lang]
    return other.get(note) or NOTES_BY_LANG[lang][note]
# Notes under which the colours read are not to be trusted: a line asking whether the game is right is held back
# where one applies (the tiles may look unlike the game's only for the lost colour; the note says the real cause).
COLOUR_NOTES = frozenset({"colourless", "palette"})
# What ``tilelens read`` says on standard error of a photo it found no tile in (its text, ``--kinds`` and ``--json``
# stay as they are, for a script: no tiles, an empty line, empty lists).
NO_TILES = {"en": "{path}: no tiles found (they may be too small in the photo, or not in view: photograph the hand "
                  "closer, all of it in the frame)",
            "ja": "{path}: 牌が見つかりませんでした (写真の中で小さすぎるか、写っていないのかもしれません: 手牌全体が"
                  "写るように、近くから撮ってください)"}
# ... of a photo too dark (``vision.photo_checks.judge``: ``dark``, no tile read), as the photo page says it
NO_TILES_DARK = {"en": "{path}: no tiles found (the photo is too dark: retake it in better light)",
                 "ja": "{path}: 牌が見つかりませんでした (写真が暗すぎます: 明るい場所で撮り直してください)"}
# ... of a plain photo (``vision.photo_checks.judge``: ``plain``, next to no detail and no tile's sides: a blank wall, a
# covered lens), as the photo page's ``no_tiles_plain`` says it: nothing is in it, not "too small, or not in view"
NO_TILES_PLAIN = {"en": "{path}: no tiles found (the photo has no detail, as if nothing is in it: photograph the "
                        "hand's tiles, close and in good light)",
                  "ja": "{path}: 牌が見つかりませんでした (写真に模様がなく、何も写っていないようです: 手牌に近づいて、"
                        "明るい場所で撮ってください)"}
# ... of a photo too small (``QUALITY_NOTES``' ``small_photo``, as the photo page's ``no_tiles_small``): the cause said
# once, here, not "photograph the hand closer" and its note as well (the note is kept in ``--json``)
NO_TILES_SMALL = {"en": "{path}: no tiles found: the photo is only {w}×{h} pixels, too small to read tiles: read the "
                        "camera's own photo, not a copy shrunk by a chat app or a screenshot",
                  "ja": "{path}: 牌が見つかりませんでした: 写真が小さすぎます ({w}×{h}ピクセル)。チャットやスクリーン"
                        "ショットで縮んだ写真ではなく、カメラで撮った元の写真を読んでください"}

# What ``tilelens read --game ""`` says (argparse lets an empty value by): this command's flags, where
# ``Recognizer.load`` names its parameters (``game=``, ``tileset=``). ``{games}``: the shipped games' ids.
NO_READER = {"en": "--game is empty: name a game ({games}, or a game .toml file), or an enrolled tile set with "
                   "--tileset NAME",
             "ja": "--game が空です: ゲーム ({games}のどれかか、ゲームの .toml ファイル) か、--tileset 名前 で"
                   "登録した牌セットを指定してください"}

# What ``tilelens read --game FILE`` says on standard error where no classifier names the file's tiles and a tile set
# taught for it reads them (``vision.Recognizer.load``: the newest of those taught for it unless clearly worse, ``taught_tilesets``).
TAUGHT = {"en": "{game}: read with tile set {name}, taught for it{others}",
          "ja": "{game}: この牌のために覚えさせた牌セット {name}で読みます{others}",
          "others_en": " (of the {n} taught for it: {names}; the one knowing the most of its kinds, the newest of "
                        "those unless an older one did clearly better on the same photos kept out; --tileset NAME reads "
                        "with another)",
          "others_ja": " (覚えさせた {n}セット: {names}。このゲームの牌を一番多く覚えたセットのうち一番新しいものです。"
                        "ただし測るために残した同じ写真で古いセットの方が明らかに良かったときはそちら。別のセットは "
                        "--tileset 名前 で)"}

# What ``tilelens read`` says once on standard error where the tile set reading a game knows only some of its kinds
# (``Recognizer.unlearnt_kinds``: a set taught from a few photos, chosen, or named with --tileset): the tiles of the
# others are misread as kinds it knows. Each photo's text names them (``unlearnt_said``).
LACKS = {"en": "tile set {name} knows {known} of the {total} kinds of {game}: tiles of the other {n} are misread as "
               "kinds it knows{fix}",
         "ja": "牌セット {name}が覚えているのは、{game}の {total}種類のうち{known}種類だけです。ほかの {n}種類の牌は、"
               "覚えている牌と読み違えます{fix}",
         "fix_one_en": "; read with --tileset {set}, which knows them all",
         "fix_one_ja": "。すべて覚えた牌セットで読むには --tileset {set}",
         "fix_many_en": "; read with a set that knows them all: --tileset NAME ({sets})",
         "fix_many_ja": "。すべて覚えた牌セットで読むには --tileset 名前 ({sets})",
         "fix_none_en": "; teach them on the app's Label tiles page (or with `tilelens label teach`)",
         "fix_none_ja": "。アプリの「ラベル付け」のページ (または `tilelens label teach`) で覚えさせてください",
         # a set recording the dataset it was taught from (``teach_again``): that dataset, and the set taught again
         "fix_again_en": "; label photos that show them in {dir}, the set's own dataset, and teach it again with "
                         "`{command}`, or on the app's Label tiles page",
         "fix_again_ja": "。牌セットのデータセット {dir}にその牌の写った写真を加えてラベルを付け、`{command}`か"
                         "アプリの「ラベル付け」のページで覚えさせ直してください"}


def taught_said(rec, lang: str = "en") -> str:
    """The line saying which tile set taught for a game file reads it (``TAUGHT``); "" for any other reading."""
    if not getattr(rec, "taught_for", ()):
        return ""
    names = rec.taught_for
    others = TAUGHT[f"others_{lang}"].format(n=len(names), names=WORDS[lang]["list"].join(names)) \
        if len(names) > 1 else ""
    return TAUGHT[lang].format(game=rec.game, name=rec.tileset, others=others)


def lacks_said(rec, lang: str = "en", again: tuple[str, str] | None = None) -> str:
    """The line saying how many of its game's kinds the tile set reading it knows (``LACKS``), where it does not know
    them all (``Recognizer.unlearnt_kinds``; kinds its set has not, as a Hong Kong set's red fives, are none it
    lacks), and how to teach them: a set knowing them all to read with, else the set's own dataset taught again
    (``again``: its ``teach_again``), else the Label page; "" for a reading with a game's own classifier,
    or a set knowing every kind."""
    unlearnt = tuple(getattr(rec, "unlearnt_kinds", ()) or ())
    game = scoring_game(rec) if unlearnt and getattr(rec, "tileset", "") else ""
    if not game:
        return ""
    try:
        total = len(load_game(game).tiles)
    except TilelensInputError:
        return ""
    sets = [s for s in getattr(rec, "tilesets_naming_all", ()) if s != rec.tileset]
    fix = (LACKS[f"fix_one_{lang}"].format(set=sets[0]) if len(sets) == 1
           else LACKS[f"fix_many_{lang}"].format(sets=WORDS[lang]["list"].join(sets)) if sets
           else LACKS[f"fix_again_{lang}"].format(dir=again[0], command=again[1]) if again
           else LACKS[f"fix_none_{lang}"])
    return LACKS[lang].format(name=rec.tileset, known=total - len(unlearnt), total=total, n=len(unlearnt), fix=fix,
                              game=game_name_ja(game) if lang == "ja" else game)


# What ``format_reading`` says, line by line, in each language (the flow is written once, there). A tile is
# ``named`` by the game's Japanese name (``scorer.catalog``) where the language has ``names``; its attributes by
# ``attrs`` and their values by ``values`` (``scorer.attribute_names`` in Japanese), else as read.
WORDS: dict[str, dict] = {
    "en": {"head": "{path}: {n} tile{s}{turned}",
           "turned": {1: ", read turned a quarter anticlockwise (photographed from the side)",
                      2: ", read turned round (photographed from across the table)",
                      3: ", read turned a quarter clockwise (photographed from the side)"},
           "tile": " {i:>3} {label} kind {kind:.2f}  det {det:.2f}  xyxy {box}  {attrs}", "back": "back",
           "names": False, "named": "{kind}", "attr": "{key}={value}({p:.2f})", "attrs": {}, "values": {},
           "kinds": "  kinds: {kinds}",
           "kinds_left": " (left out, not {game}'s tiles: {left})",
           "kinds_left_house": " (left out, not in the table in use, {game}: {left})",
           "other_game": "  these tiles do not look like {game}'s: is the game right? (a tile set never seen reads "
                         "poorly until enrolled: tilelens enroll, or the app's Label tiles page)",
           # the game whose classifier reads them surer (``HandReading.looks_like``), by its id: what --game takes
           "other_game_like": "  these tiles do not look like {game}'s but like {other}'s: is the game right? "
                              "(read them with --game {other_id})",
           # a tile set's reading whose tiles do not look like the set's (``HandReading.other_set``)
           "other_set": "  do these tiles belong to {set}? they do not look like its tiles: is the tile set right? "
                        "(another game's tiles: read them with --game GAME; a set reads poorly the tiles it was never "
                        "taught: {teach})",
           "other_set_teach": "teach it with tilelens enroll, or the app's Label tiles page",
           # a set recording the dataset it was taught from (``teach_again``): photos like these taught to it there
           "other_set_again": "label photos like these in {dir}, the set's own dataset, and teach it again with "
                              "`{command}`, or on the app's Label tiles page",
           "note": "  note: {text}",
           "melds": "  called melds (set apart from the hand): {melds}; score the rest with --melds {specs}",
           "meld": "{spec} (tiles {tiles})", "list": ", ", "places": ", ",
           "wins_if": "  does not win as read; it wins if {changes}: {tiles}",
           "becomes": "tile {n} {read} is {becomes} ({p:.2f})",
           "dropped": "tile {n} ({read}, box {sure:.2f} sure) is not a tile"},
    "ja": {"head": "{path}: {n}枚{turned}",
           "turned": {1: "、反時計回りに90度回して読みました (横から撮った写真)",
                      2: "、180度回して読みました (向かい側から撮った写真)",
                      3: "、時計回りに90度回して読みました (横から撮った写真)"},
           "tile": " {i:>3} {label} 牌種 {kind:.2f}  検出 {det:.2f}  位置 {box}  {attrs}", "back": "裏向き",
           "names": True, "named": "{name} ({kind})", "attr": "{key}={value}({p:.2f})",
           "attrs": ATTRIBUTE_NAMES_JA,
           "values": {**{key: ja for key, (ja, _) in ATTRIBUTE_VALUES.items() if ja and key[1] not in VALUE_WORDS_JA},
                      **VALUE_WORDS_JA},
           "kinds": "  牌: {kinds}",
           "kinds_left": " ({game}の牌ではないので外しました: {left})",
           "kinds_left_house": " (使用中の表 ({game}) にない牌なので外しました: {left})",
           "other_game": "  この写真の牌は{game}の牌に見えません: ゲームは合っていますか? (見たことのない牌セットは"
                         "登録するまでうまく読めません: tilelens enroll か、アプリの「ラベル付け」のページで)",
           "other_game_like": "  この写真の牌は{game}の牌に見えません。{other}の牌に見えます: ゲームは合っていますか? "
                              "(--game {other_id}で読んでください)",
           "other_set": "  この写真の牌は牌セット「{set}」の牌ですか? そのセットの牌に見えません: 牌セットは合っていますか? "
                        "(ほかのゲームの牌なら --game ゲーム で読んでください。牌セットは覚えていない牌をうまく読めません: "
                        "{teach})",
           "other_set_teach": "tilelens enroll か、アプリの「ラベル付け」のページで覚えさせてください",
           "other_set_again": "牌セットのデータセット {dir}にこのような写真を加えてラベルを付け、`{command}`か"
                              "アプリの「ラベル付け」のページで覚えさせ直してください",
           "note": "  注意: {text}",
           "melds": "  鳴いた面子 (手牌から離して置かれた牌): {melds}。残りは --melds {specs} を付けて計算してください",
           "meld": "{spec} ({tiles}枚目)", "list": "、", "places": "、",
           "wins_if": "  読んだままでは上がりではありません。{changes}なら上がり: {tiles}",
           "becomes": "{n}枚目の{read}が{becomes} ({p:.2f})",
           "dropped": "{n}枚目 ({read}、枠の信頼度 {sure:.2f}) が牌でない"},
}
KIND_COLUMNS = 18  # the tile column of the text: as wide as the widest Japanese label where that is wider

# What ``tilelens read`` says of the tiles a person should check, and of the small tiles (the app's photo page says
# them in its own strings: ``low_conf``, ``small_tiles``). ``{tiles}``: each as ``TILE_SAID``. ``--json`` gives the
# English among its ``notes``.
READ_NOTES = {
    "en": {"unsure": "tiles read unsurely (marked ?), to check in the photo: {tiles}",
           "off_row": "left out of the kinds, as no tile of the hand (unsure, and off the hand's row: something "
                      "beside the hand, or a tile on the table): {tiles}; add it to the kinds if it is one",
           "small_tiles": "the tiles are small in this photo (about {px} px tall), so they are misread more often: "
                          "a closer photo, or the camera's full-size one, reads them more reliably"},
    "ja": {"unsure": "信頼度の低い牌があります (番号に「?」)。写真で確かめてください: {tiles}",
           "off_row": "手牌の列から離れた信頼度の低い枠は、手牌の牌ではないとして牌の並びから外しました "
                      "(手牌の外の物か、卓の上の牌): {tiles}。手牌の牌なら並びに戻してください",
           "small_tiles": "写真の中の牌が小さく (高さ約{px}ピクセル)、読み違えやすくなります。もっと近づくか、"
                          "カメラの元の大きさの写真で撮り直すと確かです"},
}
# Japanese: by the game's Japanese name, its id in brackets (「3枚目 みなみ (minami、0.21)」), as the tiles' lines say
# them; an id the game has no name for as it is (「5枚目 6z (0.33)」)
TILE_SAID = {"en": "tile {n} {kind} ({p:.2f})", "ja": "{n}枚目 {name} ({kind}、{p:.2f})",
             "ja_id": "{n}枚目 {kind} ({p:.2f})"}


def shown_tile_height(reading) -> float:
    """The median height of the face-up tiles' boxes of ``reading`` as the app's photo page measures it for its
    ``small_tiles`` hint (``PhotoReading.tile_height``): in the pixels read, the photo turned the quarter turns the
    hand was read turned (``vision.level.quarter_turns``), so that a hand photographed sideways measures its tiles'
    height, not their width."""
    import numpy as np

    from vision.detections import median_height
    from vision.level import quarter_turns

    boxes = np.array([t.xyxy for t in reading.tiles if not t.is_back], np.float64).reshape(-1, 4)
    if quarter_turns(getattr(reading, "upright", None)) % 2:
        boxes = boxes[:, [1, 0, 3, 2]]
    return median_height(boxes)


def reading_notes(reading, lang: str = "en", tile_height: float = 0.0,
                  photo_px: float = 1.0, game: str = "") -> list[tuple[str, str]]:
    """``(note, text)`` of what ``tilelens read`` says of a photo's tiles beside ``vision.image_io.photo_notes``':
    ``unsure`` naming the tiles to check (``is_unsure``, marked ``?`` in the text), ``off_row`` naming those left out
    (``off_row``: unsure too, named there only), and ``small_tiles`` where the face-up tiles' median height,
    ``tile_height`` in the pixels read, is under ``vision.SMALL_TILE_PX`` (the app's too), said in the photo's own
    pixels (``photo_px`` of them a pixel read: a 12 MP photo's 22-px tiles are 9 px read, and a person measuring the
    photo finds 22). ``game``: the game the hand is scored as (``scoring_game``): the tiles of kinds it has not (a Hong
    Kong set's flowers) are left out of the hand, said so on the kinds line (``not_of_game``), and not named here, so
    that the tiles named are those ``quality_notes`` counts as unsure."""
    words = READ_NOTES[lang]
    off = off_row(reading)
    names = names_ja(reading.game) if lang == "ja" else {}

    def tile_said(i: int) -> str:
        kind = reading.tiles[i].kind
        said = TILE_SAID["ja" if kind in names else "ja_id"] if lang == "ja" else TILE_SAID[lang]
        return said.format(n=i + 1, kind=kind, name=names.get(kind, kind),
                           p=reading.tiles[i].confidence.get("kind", 1.0))

    def listed(places) -> str:
        return WORDS[lang]["list"].join(tile_said(i) for i in places)

    out = []
    kept = set(hand_of(reading, game)[1])  # less the boxes off the row (said below) and the kinds left out
    if unsure := [i for i, t in enumerate(reading.tiles) if is_unsure(t) and i in kept]:
        out.append(("unsure", words["unsure"].format(tiles=listed(unsure))))
    if off:
        out.append(("off_row", words["off_row"].format(tiles=listed(sorted(off)))))
    if 0 < tile_height < SMALL_TILE_PX:
        out.append(("small_tiles", words["small_tiles"].format(px=round(tile_height * photo_px))))
    return out


# What ``tilelens read`` says of a photo as the app's photo page says it (``app.views.score_photo.quality_said``, from
# ``vision.photo_checks.judge``), in words for a command line: what to do instead of a tap or a button. The reasons to
# retake come first (``quality_notes``). ``--json`` gives the English, under these ids (``glare_*``: ``glare``;
# ``hidden_*``: ``hidden``, its places said as glare's).
QUALITY_NOTES = {
    "en": {"small_photo": "the photo is only {w}×{h} pixels, too small to read tiles reliably: read the camera's own "
                          "photo, not a copy shrunk by a chat app or a screenshot",
           "blurry_retake": "the photo looks blurry: retake it in focus",
           "blurry_many": "the photo looks blurry, and {n} of {m} tiles were read with low confidence (marked "
                          "?{apart}): retake it in focus, the camera held still, before correcting them one by one",
           "unsure_many": "{n} of {m} tiles were read with low confidence (marked ?{apart}): try a retake (in focus, "
                          "the camera held still, in good light) before correcting them one by one",
           # unsure tiles of kinds the game has not (a Hong Kong set's flowers): marked ?, not counted in the hand's
           "apart_one": ", as is tile {tiles}, left out of the kinds",
           "apart_many": ", as are tiles {tiles}, left out of the kinds", "apart_list": ", ", "apart_and": " and ",
           # many unsure on a photo whose colour note is said (``NOTES_BY_LANG``): its lost colour the cause named
           "unsure_colourless": "{n} of {m} tiles were read with low confidence (marked ?{apart}): the photo is grey, "
                                "its colours lost (see below), and tiles are told apart partly by colour: retake "
                                "it in colour before correcting them one by one",
           "unsure_palette": "{n} of {m} tiles were read with low confidence (marked ?{apart}): the photo is "
                             "stored in 256 colours or fewer (see below), and tiles are told apart partly by colour: "
                             "read the camera's own photo before correcting them one by one",
           "dark": "the photo is dark: tiles may be missed or misread: retake it in better light",
           "at_edge": "a tile at the photo's edge may be cut off: retake with the whole hand in the photo, or correct "
                      "the kinds before scoring them (adding any tile the frame cut off)",
           "one_short": "; {n} tiles read: if this is a winning hand, one tile was missed: add it to the kinds",
           "blurry": "the photo looks blurry: check the tiles against the photo, and correct any misread one in the "
                     "kinds before scoring them",
           "glare_one": "tile {n} may be washed out by a reflection: tilt the tile or move the light and retake, or "
                        "check it against the photo",
           "glare_many": "tiles {ns} may be washed out by a reflection: tilt the tiles or move the light and retake, "
                         "or check them against the photo",
           "glare_nth": "{n}", "glare_and": " and ", "glare_list": ", ",
           "hidden_one": "tile {n} may be half hidden (by the rack's lip?): check it against the photo",
           "hidden_many": "tiles {ns} may be half hidden (by the rack's lip?): check them against the photo",
           "upside_down": "the hand may be shown upside down: if so, read it again with --turn {turn}"},
    "ja": {"small_photo": "写真が小さすぎます ({w}×{h}ピクセル): 牌を確かに読めません。チャットやスクリーンショットで縮んだ"
                          "写真ではなく、カメラで撮った元の写真を読んでください",
           "blurry_retake": "写真がぼやけています: ピントを合わせて撮り直してください",
           "blurry_many": "写真がぼやけていて、{m}枚中{n}枚の牌の信頼度が低くなっています (番号に「?」{apart}): 1枚ずつ"
                          "直す前に、ピントを合わせ、カメラを動かさずに撮り直してください",
           "unsure_many": "{m}枚中{n}枚の牌の信頼度が低くなっています (番号に「?」{apart}): 1枚ずつ直す前に、撮り直して"
                          "みてください (ピントを合わせ、カメラを動かさずに、明るい場所で)",
           "apart_one": "、牌の並びから外した{tiles}枚目にも", "apart_many": "、牌の並びから外した{tiles}枚目にも",
           "apart_list": "・", "apart_and": "・",
           "unsure_colourless": "{m}枚中{n}枚の牌の信頼度が低くなっています (番号に「?」{apart}): 写真に色がないためです "
                                "(下を参照。牌は色でも見分けます): 1枚ずつ直す前に、カラーで撮り直してください",
           "unsure_palette": "{m}枚中{n}枚の牌の信頼度が低くなっています (番号に「?」{apart}): 写真が256色以下で保存されて"
                             "いるためです (下を参照。牌は色でも見分けます): 1枚ずつ直す前に、カメラで撮った元の写真を"
                             "読んでください",
           "dark": "写真が暗く、牌を見落としたり読み違えたりしやすくなります: 明るい場所で撮り直してください",
           "at_edge": "写真の端の牌が切れているかもしれません: 手牌全体が写るように撮り直すか、計算する前に牌の並びを"
                      "直してください (写真にない牌は足して)",
           "one_short": "。牌を{n}枚読みました: 上がった手牌なら、1枚読み落としています。牌の並びに足してください",
           "blurry": "写真がぼやけています: 牌を写真と見比べて、読み違えた牌は計算する前に牌の並びで直してください",
           "glare_one": "{n}枚目の牌が光の反射で白く写っているかもしれません: 牌を傾けるか照明を動かして撮り直すか、"
                        "写真で確かめてください",
           "glare_many": "{ns}の牌が光の反射で白く写っているかもしれません: 牌を傾けるか照明を動かして撮り直すか、"
                         "写真で確かめてください",
           "glare_nth": "{n}枚目", "glare_and": "と", "glare_list": "、",
           "hidden_one": "{n}枚目の牌は下が隠れているかもしれません (牌立ての縁で?): 写真で確かめてください",
           "hidden_many": "{ns}の牌は下が隠れているかもしれません (牌立ての縁で?): 写真で確かめてください",
           "upside_down": "手牌が逆さまに写っているかもしれません: そうなら、向きを変えて読み直してください: --turn {turn}"},
}
def said_with_no_tiles(reading, quality, note: str) -> bool:
    """True for a note the line of a photo with no tile found says already (``NO_TILES_SMALL``: a photo too small),
    which the text and ``--kinds`` then leave out (``--json`` keeps it: the line is on standard error)."""
    return note == "small_photo" and not reading.tiles and bool(getattr(quality, "small_photo", False))


KANS = ("kan", "ankan")  # melds of four tiles: a hand with one shows one tile more (``vision.melds.CalledMeld.kind``)


def quality_notes(reading, quality, lang: str = "en", game: str = "",
                  notes: Sequence[str] = ()) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """``(note, text)`` of what the app's photo page says about the photo (``quality``: ``vision.photo_checks.judge``;
    none for None), as ``quality_said`` says it: first the reasons to retake (a photo too small; blurry with no tile,
    or with many tiles unsure, ``vision.photo_checks.many_unsure``, else many unsure alone; too dark; a tile at the
    edge, with one tile short of ``game``'s hand where it is; then, blurry with a few unsure, the tiles to check),
    and last what else to do (faces washed out by a reflection, ``confidence["glare"]``, by their places as the text
    numbers them; faces half hidden, by a rack's lip maybe, ``confidence["hidden"]``, likewise; a hand the
    orientation model leans to upside down, with the ``--turn`` that turns it round).
    The tiles counted are those of the hand as scored (``hand_of``: less the boxes off the row). ``notes``: the
    photo's notes said with it (``notes_for``): where one says its colours are lost (``COLOUR_NOTES``), many unsure
    is said of that cause, not of focus and light (under the same id, ``unsure_many``)."""
    if quality is None:
        return [], []
    from vision.level import quarter_turns
    from vision.photo_checks import many_unsure

    words = QUALITY_NOTES[lang]
    hand, places = hand_of(reading, game)
    faces = [i for i, t in zip(places, hand.tiles) if not getattr(t, "is_back", False)]
    unsure = [i for i in faces if is_unsure(reading.tiles[i])]
    # the tiles marked ? that the hand leaves out as kinds the game has not (the boxes off the row: said apart)
    off, kept = off_row(reading), set(places)
    left = [str(i + 1) for i, t in enumerate(reading.tiles) if i not in kept and i not in off and is_unsure(t)]
    apart = words["apart_one" if len(left) == 1 else "apart_many"].format(tiles=left[0] if len(left) == 1 else (
        words["apart_list"].join(left[:-1]) + words["apart_and"] + left[-1])) if left else ""
    retake, tap, edge = [], [], []
    if quality.small_photo:
        retake.append(("small_photo", words["small_photo"].format(w=quality.photo_wh[0], h=quality.photo_wh[1])))
    if quality.judged:
        many = many_unsure(len(unsure), len(faces))
        if quality.blurry:
            (retake if many or not faces else tap).append(
                ("blurry_many", words["blurry_many"].format(n=len(unsure), m=len(faces), apart=apart)) if many
                else ("blurry", words["blurry"]) if faces else ("blurry_retake", words["blurry_retake"]))
        elif many:
            lost = next((note for note in notes if note in COLOUR_NOTES), "")  # the cause said below: named here
            retake.append(("unsure_many", words[f"unsure_{lost}" if lost else "unsure_many"].format(
                n=len(unsure), m=len(faces), apart=apart)))
        if quality.dark:
            retake.append(("dark", words["dark"]))
    if quality.at_edge:  # one short as well: said with it (alone, one short is a hand waiting: no note)
        said = words["at_edge"]
        if faces and game and len(faces) - sum(m.kind in KANS for m in hand.called_melds()) == _hand_size(game) - 1:
            said += words["one_short"].format(n=len(faces))
        edge.append(("at_edge", said))
    last = []
    washed = [i for i in unsure if reading.tiles[i].confidence.get("glare", 0.0) > 0]
    hidden = [i for i in unsure if reading.tiles[i].confidence.get("hidden", 0.0) > 0 and i not in washed]
    for note, places in (("glare", washed), ("hidden", hidden)):  # one cause said of a tile: glare's, where both
        if places:
            nth = [words["glare_nth"].format(n=i + 1) for i in places]
            last.append((note, words[f"{note}_one"].format(n=places[0] + 1) if len(places) == 1 else words[
                f"{note}_many"].format(ns=words["glare_list"].join(nth[:-1]) + words["glare_and"] + nth[-1])))
    if quality.upside_down:
        turned = quarter_turns(getattr(reading, "upright", None))
        last.append(("upside_down", words["upside_down"].format(turn=(turned + 2) % 4)))
    return [*retake, *edge, *tap], last


def _hand_size(game: str) -> int:
    """The tiles of ``game``'s hand; 0 for one that will not load (no hand is then one short)."""
    try:
        return load_game(game).hand_size
    except Exception:  # noqa: BLE001 - the notes are still said, without the one short
        return 0


def format_reading(path: str, reading, notes: Sequence[str] = (), lang: str = "en", game: str = "",
                   tile_height: float = 0.0, quality=None, again: tuple[str, str] | None = None) -> str:
    """The human-readable lines of one photo (tiles listed as the hand's owner sees them, and how the photo
    was turned to read them so), and a line for each of its ``notes`` (``NOTES_BY_LANG``); ``lang="ja"``: in
    Japanese, each tile by its game's Japanese name beside its id (``WORDS``). The ids of the ``kinds`` line, the
    melds and the winning tiles are the same in both: what ``tilelens score`` takes. A tile to check has ``?`` after
    its number, and the notes name them (``reading_notes``: ``tile_height`` in the pixels read, for the small tiles'
    note); a box ``off_row`` is listed but left out of the ``kinds`` line, the melds and the winning reading, which
    are ``game``'s (the game a tile set's reading is scored as: ``scoring_game``), numbered as the tiles listed.
    ``quality``: what the photo page says about the photo (``quality_notes``), its reasons to retake before the other
    notes, the rest after them. ``again``: the tile set's own dataset and the command teaching the set again from it
    (``teach_again``), where it records one."""
    from vision.recognizer import BACK

    words = WORDS[lang]
    names = names_ja(reading.game) if words["names"] else {}
    own_attrs, own_values = own_names_ja(reading.game) if words["names"] else ({}, {})  # the file's names first

    def label(kind: str) -> str:
        return words["back"] if kind == BACK else words["named"].format(kind=kind, name=names[kind]) \
            if kind in names else kind

    def name(kind: str) -> str:
        return names.get(kind, kind)

    labels = [label(t.kind) for t in reading.tiles]
    width = max([KIND_COLUMNS, *(columns(x) for x in labels)]) if names else KIND_COLUMNS
    lines = [words["head"].format(path=path, n=len(reading.tiles), s="" if len(reading.tiles) == 1 else "s",
                                  turned=words["turned"].get(getattr(reading, "turned", 0), ""))]
    for i, (t, shown) in enumerate(zip(reading.tiles, labels), 1):
        box = ",".join(f"{v:.0f}" for v in t.xyxy)
        attrs = " ".join(words["attr"].format(key=own_attrs.get(k) or words["attrs"].get(k, k),
                                              p=t.confidence.get(k, 0), value=own_values.get((k, v)) or words["values"].get((k, v))
                                              or words["values"].get(v, v))
                         for k, v in t.attrs.items() if k in t.confidence)
        lines.append(words["tile"].format(i=f"{i}?" if is_unsure(t) else str(i), label=pad_columns(shown, width),
                                          kind=t.confidence.get("kind", 1.0),
                                          det=t.confidence["detection"], box=box, attrs=attrs).rstrip())
    off = off_row(reading)
    if reading.tiles:  # of a photo with no tiles, the head's "0 tiles" says it (and stderr why: ``NO_TILES``)
        kinds = [t.kind for i, t in enumerate(reading.tiles) if not t.is_back and i not in off] if off else reading.kinds
        # a tile set's own kinds its game has not (a Hong Kong set's flowers) set apart: the line pastes into `score`
        left = set(not_of_game(reading, game))
        house = bool(left) and house_table_of(game) is not None  # the kinds a club's table dropped: said as its
        lines.append(words["kinds"].format(kinds=" ".join(k for k in kinds if k not in left)) + (words[
            "kinds_left_house" if house else "kinds_left"].format(
            game=table_said(game, lang) if house else game_name_ja(game) if lang == "ja" else game,
            left=" ".join(k for k in kinds if k in left)) if left else ""))
        if unlearnt := unlearnt_said(reading, lang, again):
            lines.append(unlearnt)
    first, last = quality_notes(reading, quality, lang, game, notes)
    first = [(note, text) for note, text in first if not said_with_no_tiles(reading, quality, note)]
    lines.extend(words["note"].format(text=text) for _, text in first)  # the reasons to retake first
    lines.extend(words["note"].format(text=note_text(note, reading.game, lang)) for note in notes)  # the cause first
    if getattr(reading, "other_game", False) and not COLOUR_NOTES & set(notes):
        lines.append(other_game_said(reading, lang))
    if getattr(reading, "other_set", False) and not COLOUR_NOTES & set(notes):
        lines.append(other_set_said(reading, lang, again))
    lines.extend(words["note"].format(text=text) for _, text in reading_notes(
        reading, lang, tile_height, getattr(quality, "photo_px", 1.0), game))
    lines.extend(words["note"].format(text=text) for _, text in last)
    hand, places = hand_of(reading, game)
    melds = hand.called_melds()
    if melds:
        lines.append(words["melds"].format(
            melds=words["list"].join(words["meld"].format(spec=m.spec, tiles=words["places"].join(
                str(places[i] + 1) for i in m.indices))
                                     for m in melds),
            specs=" ".join(m.spec for m in melds)))
    if wins := wins_if(reading, lang, name, game):
        lines.append(wins)
    return "\n".join(lines)


# What ``tilelens read`` says of the kinds of the game in use that the model reading it never learnt
# (``HandReading.unlearnt_kinds``: a house table's new member, read with the box's classifier, is named surely as
# another member), and of the tile sets taught for the game on every kind of it (``tilesets_naming_all``).
UNLEARNT = {
    "en": {"line": "  never learnt: {kinds} (in {table}): the model reading this photo does not know {them}, and reads "
                   "such tiles as others; {teach}",
           "teach": "teach {them} on the app's Label tiles page, or with `tilelens enroll --game {game} --name NAME "
                    "--data DATASET/data.yaml`",
           # a tile set recording the dataset it was taught from (``teach_again``): taught again from it, its base kept
           "again": "label photos that show {them} in {dir}, the set's own dataset, and teach the set again with "
                    "`{command}`, or on the app's Label tiles page",
           "sets": "; or read with --tileset {name}, taught for {game} on every kind of it",
           "sets_many": "; or read with a set taught for {game} on every kind of it: --tileset NAME ({names})",
           "list": ", ", "one": "it", "many": "them"},
    # the table named where the kinds are (a kind of the club's house table), and why it matters: misread as another
    "ja": {"line": "  覚えていない牌: {kinds}。この写真を読んだモデルは、{table}にある{them}を覚えていないため、ほかの牌と"
                   "読み違えます。{teach}",
           "teach": "アプリの「ラベル付け」のページか `tilelens enroll --game {game} --name 名前 --data "
                    "データセット/data.yaml` で覚えさせてください",
           "again": "牌セットのデータセット {dir}に{them}の写った写真を加えてラベルを付け、`{command}`かアプリの"
                    "「ラベル付け」のページで覚えさせ直してください",
           "sets": "。または {game} 用にすべての牌を覚えさせた牌セットで読んでください: --tileset {name}",
           "sets_many": "。または {game} 用にすべての牌を覚えさせた牌セットで読んでください: --tileset 名前 ({names})",
           "list": "、", "one": "この牌", "many": "これらの牌"},
}


def other_game_said(reading, lang: str = "en") -> str:
    """The line asking whether the game is right, of a reading whose tiles do not look like its game's
    (``HandReading.other_game``): naming the game they look like where one is (``looks_like``), by its Japanese name in
    Japanese and its id in English, as the game read is named."""
    ja = lang == "ja"
    game = game_name_ja(reading.game) if ja else reading.game
    if other := getattr(reading, "looks_like", ""):
        return WORDS[lang]["other_game_like"].format(game=game, other=game_name_ja(other) if ja else other,
                                                     other_id=other)
    return WORDS[lang]["other_game"].format(game=game)


def other_set_said(reading, lang: str = "en", again: tuple[str, str] | None = None) -> str:
    """The line asking whether a tile set's reading (``HandReading.other_set``) is of the set's tiles, and how to teach
    it tiles it reads poorly: where the set records the dataset it was taught from (``again``: its ``teach_again``),
    photos like these labelled there and the set taught again from it, else `tilelens enroll` or the Label page."""
    words = WORDS[lang]
    teach = words["other_set_again"].format(dir=again[0], command=again[1]) if again else words["other_set_teach"]
    return words["other_set"].format(set=reading.tileset, teach=teach)


def models_not_a_folder(models: str | Path) -> tuple[str, str]:
    """What a --models that is no folder is, in English and Japanese: not there, or a file.

    >>> models_not_a_folder("/no/such/models")[0]
    '--models /no/such/models: no such folder'
    """
    if Path(models).exists():
        return (f"--models {models}: is a file, not a folder (the models folder holds detector.onnx and the "
                f"classifiers)", f"--models {models}: ファイルで、フォルダではありません (モデルのフォルダには "
                f"detector.onnx と分類モデルが入っています)")
    return f"--models {models}: no such folder", f"--models {models}: フォルダがありません"


def teach_again(tileset: str, models=None) -> tuple[str, str] | None:
    """The dataset the tile set ``tileset`` (in ``models``: ``--models``, else the default folders) was taught from, as
    its ``tileset.json``'s ``data`` names it (a Teach job's data.yaml: its dataset's folder), and the command that
    teaches the set again from it, keeping its base: `tilelens label teach DIR --name SET --base BASE --replace` for a
    Label page's dataset (as `label init` and the README say; the base it was taught from, else the one `label init`
    names: ``tilelens.labelling.cli.again_base``), `tilelens enroll --name SET --data DATA.yaml --base GAME --replace`
    for one made elsewhere (taught from a game's model). A new `enroll --name NAME` would learn from scratch. Worked
    out once a run (``main``: a set's readings are all of it). None where it records no dataset (a shipped set), the
    dataset is gone, or its base is not known."""
    import shlex

    from vision.detector import find_tileset
    from vision.enroll import JOB_DIR, data_yaml_of, labelling_dataset
    from vision.recognizer import base_game_of, tileset_meta_or_none

    if not tileset:
        return None
    try:
        folder = find_tileset(tileset, models)
        meta = tileset_meta_or_none(folder) if folder is not None else None
        data = Path(str((meta or {}).get("data") or ""))
        if not str(data) or str(data) == ".":
            return None
        job = data.parts[-3:] == (*JOB_DIR.parts, "data.yaml")
        root = data.parents[2] if job else data.parent if data.suffix in {".yaml", ".yml"} else data
        if labelling_dataset(root) == "dataset":
            from tilelens.labelling.cli import again_base, teach_again_command

            base = base_game_of(meta) or again_base(root, tileset)
            return str(root), teach_again_command(root, tileset, base)
        base = base_game_of(meta, shipped=False)
        data_yaml = None if job else data_yaml_of(data)
        if data_yaml is None or not base:
            return None
        return str(root), shlex.join(["tilelens", "enroll", "--name", tileset, "--data", str(data_yaml), "--base",
                                      base, "--replace"])
    except (TilelensInputError, OSError, ValueError, IndexError):  # a name no folder can have, a file unread
        return None


def unlearnt_said(reading, lang: str = "en", again: tuple[str, str] | None = None) -> str:
    """The line saying which kinds of the game in use the model reading ``reading`` never learnt
    (``HandReading.unlearnt_kinds``: each by its Japanese name too in Japanese), how to teach them (a tile set's own
    dataset taught again where it records one: ``again``, its ``teach_again``), and the tile sets taught for the game
    that name them all (``tilesets_naming_all``); "" where it names every kind, or no tile was read."""
    import shlex

    unlearnt = tuple(getattr(reading, "unlearnt_kinds", ()) or ())
    if not unlearnt or not reading.tiles:
        return ""
    words, game = UNLEARNT[lang], getattr(reading, "scored_as", "") or reading.game  # a set of no game: as scored
    named = names_ja(game) if lang == "ja" else {}
    kinds = words["list"].join(f"{named[k]} ({k})" if k in named else k for k in unlearnt)
    them = words["one" if len(unlearnt) == 1 else "many"]
    typed = shlex.quote(game)
    table = table_said(game, lang)
    if lang == "ja" and table == game:  # no house table: the game by its Japanese name (「乃木坂ドンジャラ」にある)
        table = game_name_ja(game).lstrip()
    teach = words["again"].format(them=them, dir=again[0], command=again[1]) if again else \
        words["teach"].format(them=them, game=typed)
    line = words["line"].format(kinds=kinds, table=table, them=them, teach=teach)
    sets = tuple(getattr(reading, "tilesets_naming_all", ()) or ())
    if len(sets) == 1:
        line += words["sets"].format(name=sets[0], game=typed)
    elif sets:
        line += words["sets_many"].format(names=words["list"].join(sets), game=typed)
    return line


def wins_if(reading, lang: str = "en", name=None, game: str = "") -> str:
    """The line saying which tiles read otherwise (``winning_of``: ``game``'s, for a tile set's reading) make the hand
    win (``WORDS``'s ``wins_if``, each tile named by ``name``: its id by default); "" where none do or it wins as read."""
    found = winning_of(reading, game)
    if found is None:
        return ""
    words, name = WORDS[lang], name or (lambda kind: kind)
    return words["wins_if"].format(tiles=" ".join(found.tiles), changes=words["list"].join(
        words["dropped"].format(n=c.index + 1, read=name(c.read), sure=1 - c.probability) if c.becomes is None
        else words["becomes"].format(n=c.index + 1, read=name(c.read), becomes=name(c.becomes), p=c.probability)
        for c in found.changes))


def names_ja(game: str) -> dict[str, str]:
    """The Japanese names of the tiles of ``game`` by id (``scorer.catalog``); none for a tile set of no game or
    a game that cannot be loaded (its ids are said as they are)."""
    if not game:
        return {}
    try:
        return {t.id: t.name_ja for t in load_game(game).tiles if t.name_ja}
    except Exception:  # noqa: BLE001 - the text is still said, with the ids as read
        return {}


# What ``read --kinds`` says on standard error of the kinds it leaves out of a line for ``tilelens score`` (a tile set's
# own kinds, such as a Hong Kong set's flowers, that the game it reads has not: ``score`` would refuse the line).
LEFT_OUT = {"en": "{path}: left out {kinds}: not among {game}'s tiles (the tile set reads {it}; `tilelens score --game "
                  "{id}` does not take {it})",
            "ja": "{path}: {kinds}は{game}の牌ではないので外しました (この牌セットは知っていますが、"
                  "`tilelens score --game {id}` は受け付けません)"}
# ... and of the kinds of a game that its house table edited in the app dropped (a member graduated): the box's
# classifier still names them, the table in use has them not (``vision.scorable.house_table_of``).
LEFT_OUT_HOUSE = {"en": "{path}: left out {kinds}: not in the table in use, {table} (`tilelens score --game {id}` does "
                        "not take {it}; --shipped-rules plays the box's table)",
                  "ja": "{path}: {kinds}は使用中の表 ({table}) にない牌なので外しました (`tilelens score --game {id}` "
                        "は受け付けません。箱のままの表で読むには --shipped-rules を付けます)"}


def put_back(tileset: str | None, models) -> bool:
    """Whether ``tileset``, unknown, was put back as it was: its ``enroll --replace`` cut short between the two moves
    left the old set whole in staging (``vision.enroll.restore_replaced``, which says so on stderr)."""
    from vision.detector import new_tileset_dir
    from vision.enroll import restore_replaced

    return bool(tileset) and tileset in restore_replaced(new_tileset_dir(tileset, models).parent)


def cut_short(exc: TilelensInputError, tileset: str | None, models) -> TilelensInputError:
    """``exc`` (an unknown tile set) with why, where the set's enrolment was cut short (``vision.enroll.STAGING``
    holds its half-made folder until the next enrolment cleans it): run `tilelens enroll` again."""
    from vision.detector import new_tileset_dir
    from vision.enroll import STAGING

    if not tileset or "unknown tile set" not in str(exc):
        return exc
    final = new_tileset_dir(tileset, models)
    if not (final.parent / STAGING / tileset).is_dir():
        return exc
    return type(exc)(f"{exc}: its enrolment was cut short: run tilelens enroll again (or Teach again on the app's "
                     f"Label tiles page)",
                     f"{exc.message_ja or exc}: 登録が途中で中断されました: もう一度 tilelens enroll を実行してください "
                     f"(またはアプリの「ラベル付け」のページでもう一度覚えさせてください)")


def image_entry(path: str, game: str, tileset: str, reading=None, error: str | None = None,
                notes: Sequence[str] = (), scored_as: str = "", tile_height: float = 0.0, quality=None) -> dict:
    """One photo of ``tilelens read --json``, the same keys whether it was read or not: a photo that failed
    has its ``error``, no tiles, kinds or melds, and null width, height, ``turned``, ``winning_reading`` and
    ``other_game`` (true when the tiles do not look like the game's: ``HandReading.other_game``);
    one read has ``error`` null. ``notes``: one ``{"note", "text"}`` for each of the photo's ``notes``
    (``note_text``: the game's), none for a photo not read. ``game`` and ``tileset`` are null where there are none.
    ``score_args`` are the words ``--kinds`` prints (``kinds`` less the tiles of called melds, then
    ``--melds ...``): what ``tilelens score --game G`` takes for the photo (``kinds`` lists every face-up tile).
    ``score_args``, ``melds`` and ``winning_reading`` are of the hand as scored (``hand_of``: ``scored_as``, the game a
    tile set's reading is scored as, and less the boxes ``off_row``); each tile says whether it is ``unsure`` (``?``
    in the text) and ``off_row`` (what the text's ``reading_notes`` say of them), and ``notes`` add ``small_tiles``
    where the tiles are small (``tile_height``: in the pixels read), and what the photo page says about the photo
    (``quality``: ``quality_notes``), in the text's order: the reasons to retake first."""
    entry = {"path": _shown(path), "error": None if error is None else _shown(error), "width": None,
             "height": None, "game": game or None, "tileset": tileset or None, "turned": None, "kinds": [],
             "tiles": [], "melds": [], "score_args": [], "winning_reading": None, "other_game": None,
             "looks_like": None,
             "other_tileset": None,
             "notes": [{"note": note, "text": note_text(note, game)} for note in notes]}
    if reading is not None:
        read = reading.to_dict()
        off = off_row(reading)
        for i, (tile, said) in enumerate(zip(reading.tiles, read["tiles"])):
            said.update(unsure=is_unsure(tile), off_row=i in off)
        hand, places = hand_of(reading, scored_as)
        melds = [{"meld": m.spec, "tiles": [places[i] + 1 for i in m.indices]} for m in hand.called_melds()]
        entry.update(read, game=read["game"] or None, tileset=read["tileset"] or None, melds=melds,
                     score_args=kinds_line(hand).split(), winning_reading=winning_dict(reading, scored_as))
        first, last = quality_notes(reading, quality, "en", scored_as, notes)
        entry["notes"] = [*({"note": note, "text": text} for note, text in first), *entry["notes"]]
        entry["notes"] += [{"note": note, "text": text} for note, text in [
            *reading_notes(reading, "en", tile_height, getattr(quality, "photo_px", 1.0), scored_as), *last]
            if note not in ("unsure", "off_row")]  # of the photo; the tiles' own notes are the tiles' flags
    return entry


def winning_dict(reading, game: str = "") -> dict | None:
    """``winning_reading`` of ``tilelens read --json``: the winning kinds and each change (tile numbered
    from 1 as in the text; ``becomes`` null drops the box), of the hand as scored (``winning_of``)."""
    found = winning_of(reading, game)
    if found is None:
        return None
    return {"kinds": list(found.tiles), "odds": round(found.odds, 3),
            "changes": [{"tile": c.index + 1, "read": c.read, "becomes": c.becomes,
                         "probability": round(c.probability, 4)} for c in found.changes]}


def _shown(path: str) -> str:
    """A file name as JSON can carry it: one not in UTF-8 (bytes the shell passed undecoded) with U+FFFD
    where it cannot be read, so that the output stays valid UTF-8."""
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


# A pipe given as a photo (`mkfifo`, `<(...)`) that has sent nothing after a moment: said once, not a silent wait.
STREAM_WAIT_S = 2.0
WAITING = {"en": "waiting for data on {path} (a pipe)… (Ctrl-C to stop)",
           "ja": "{path} (パイプ) からのデータを待っています… (やめるには Ctrl-C)"}

# What a batch says on standard error: its progress bar's words and unit (``_shows_progress``), the photos not read
# (text, --kinds and --json; --json's entries also carry each one's ``error``), and how far it got when Ctrl-C
# stopped it (exit 130).
PROGRESS = {"en": ("reading photos", "photo"), "ja": ("写真を読み込み中", "枚")}
FAILED = {"en": "{n} of {of} photos not read: {paths}", "ja": "{of}枚のうち{n}枚は読めませんでした: {paths}"}
INTERRUPTED = {"en": "interrupted after {n} of {of} photos", "ja": "{of}枚のうち{n}枚を読んだところで中断されました"}


def _shows_progress(a: argparse.Namespace) -> bool:
    """A progress bar for more than one photo where standard error is a terminal and standard output does not show
    each photo as it is read (``--json`` prints at the end; text or ``--kinds`` redirected to a file)."""
    return len(a.images) > 1 and is_terminal(sys.stderr) and (a.json or not is_terminal(sys.stdout))


def say(line: str) -> None:
    """A line on standard error, above the progress bar where one is shown."""
    tqdm.write(line, file=sys.stderr)


STDIN, STDIN_NAME, STDIN_NAME_JA = "-", "standard input", "標準入力"  # `cat photo.jpg | tilelens read - ...`


def _problem_only(text: str, path: str) -> str:
    """``text``, what is wrong with the photo ``path``, less the name put before it (as typed, as the loader or the
    system names it: ``./a.jpg`` as ``a.jpg``; standard input as such): ``read --json``'s ``error``, beside ``path``.

    >>> _problem_only("a.jpg: no such image file", "./a.jpg"), _problem_only("標準入力: 空のファイル", "-")
    ('no such image file', '空のファイル')
    """
    names = (STDIN_NAME, STDIN_NAME_JA) if path == STDIN else (path, str(Path(path)))
    for name in names:
        if text.startswith(f"{name}: "):
            return text[len(name) + 2:]
    return text


def _piped() -> bytes:
    """The photo on standard input; ``TilelensInputError`` when nothing is piped in (a terminal)."""
    stdin = sys.stdin
    if stdin is None or stdin.isatty():
        raise TilelensInputError(f"{STDIN_NAME}: nothing is piped in ({STDIN} reads a photo piped in: "
                                 f"cat photo.jpg | tilelens read {STDIN} ...)",
                                 f"{STDIN_NAME_JA}: パイプで何も渡されていません ({STDIN} はパイプで渡された写真を読みます: "
                                 f"cat photo.jpg | tilelens read {STDIN} ...)")
    from vision.image_io import read_stream

    return read_stream(getattr(stdin, "buffer", stdin), STDIN_NAME, STDIN_NAME_JA)  # bounded: `tilelens read - < /dev/zero`


def main(argv: list[str]) -> int:
    """Read each photo; print text, ``--json`` or ``--kinds``; exit 2 if any photo failed."""
    a = _parse(argv)
    lang = cli_lang()  # the text and the errors in Japanese where asked (--json and --kinds the same in both)
    if a.images.count(STDIN) > 1:
        raise TilelensInputError(f"standard input can be read once: give {STDIN} once among the photos",
                                 f"{STDIN_NAME_JA}は1回しか読めません: {STDIN} は写真の中に1回だけ書いてください")
    from vision import READ_SIDE
    from vision.image_io import is_stream, load_image_sized, notes_for, read_path_stream
    from vision.photo_checks import judge
    from vision.recognizer import Recognizer, RecognizerError

    if not (a.game or a.tileset):  # `--game ""`: said with this command's flags (one of the two is given)
        from scorer.catalog import list_games

        raise TilelensInputError(NO_READER["en"].format(games=", ".join(list_games())),
                                 NO_READER["ja"].format(games="、".join(list_games())))
    if a.models:  # a loop of links said as one, not "lp/classifier-nogizaka.onnx is missing"
        from scorer.paths import refuse_loop
        from vision.detector import MODELS_NOUN

        refuse_loop(a.models, MODELS_NOUN)
        if not Path(a.models).is_dir():  # not "no classifier: train one into this folder", a folder that is not one
            raise TilelensInputError(*models_not_a_folder(a.models))

    def load() -> Recognizer:
        return Recognizer.load(game=a.game, tileset=a.tileset, models_dir=a.models, set_limit=a.set_limit,
                               detector=a.detector)
    try:
        rec = load()
    except RecognizerError as exc:  # a set whose enrolment stopped half-way: its folder is there, half-made
        if not put_back(a.tileset, a.models):
            raise cut_short(exc, a.tileset, a.models) from None
        rec = load()  # a --replace cut short between its two moves: the old set, whole, put back (said on stderr)
    rec = asking_others(rec, a.models)  # with --game: a photo of another game's tiles read surely is said too
    if taught := taught_said(rec, lang):
        print(f"tilelens read: {taught}", file=sys.stderr)
    again = teach_again(getattr(rec, "tileset", ""), a.models)  # the set's own dataset: once, not for each photo
    if lacks := lacks_said(rec, lang, again):  # once: each photo's text names the kinds (``unlearnt_said``)
        print(f"tilelens read: {lacks}", file=sys.stderr)
    game = scoring_game(rec)  # --kinds chains into `tilelens score --game GAME`; a tile set's winning reading
    results: list[dict] = []
    failed: list[str] = []
    done = 0  # photos read (or failed) so far
    # a bar on standard error where it is a terminal and standard output says nothing as it goes (--json, or
    # redirected): `tilelens check`'s and `label init`'s kind (tqdm); its lines said above it (``say``)
    bar = tqdm(a.images, desc=PROGRESS[lang][0], unit=PROGRESS[lang][1], file=sys.stderr, leave=False,
               mininterval=0, disable=not _shows_progress(a))
    try:
        for done, path in enumerate(bar):
            try:
                source, named = (_piped(), {"name": STDIN_NAME, "name_ja": STDIN_NAME_JA}) if path == STDIN else (path, {})
                if isinstance(source, str) and is_stream(source):  # a pipe path (`<(...)`) can be read once: its bytes
                    waiting = WAITING[lang].format(path=printable(path))  # serve the reading and the notes alike
                    source = read_path_stream(source, lambda said=waiting: say(f"tilelens read: {said}"),
                                              STREAM_WAIT_S)
                    named = {"name": path}
                # decoded once, as Recognizer.read would: read, and looked at for the notes (``NOTES``)
                img, size = load_image_sized(source, max_side=READ_SIDE, **named)  # named in both languages
                reading = rec.read(img, source=source) if a.turn is None else rec.read_turned(img, a.turn)
                tile_height = shown_tile_height(reading)  # in the pixels read, as the app's page measures it
                # what the photo page says about the photo: judged in the pixels read, as the page judges them
                quality = judge(img, reading, size, rec, chosen=a.turn is not None)
                reading = reading.in_pixels_of(size)
                notes = notes_for(source, img, [t.xyxy for t in reading.tiles], rec.largest_hand, pages=True)
                # the cause said (too small, plain, or too dark with no tile read), not a grey photo's colours as well
                if quality.small_photo or quality.plain or not quality.judged:
                    notes = [note for note in notes if note != "colourless"]
            except (TilelensInputError, OSError) as exc:  # OSError: a photo that cannot be opened (no rights, I/O)
                failed.append(printable(path))
                # --json's error: the problem alone, in English (its ``path`` names the photo); the line, in the
                # language chosen, names the photo once, first, as typed (a newline quoted), not as the loader did
                problem = _problem_only(os_problem(exc, "en") if isinstance(exc, OSError) else str(exc), path)
                said = os_problem(exc, lang) if isinstance(exc, OSError) else error_text(exc, lang)
                said = (f"{STDIN_NAME_JA if lang == 'ja' else STDIN_NAME}: " if path == STDIN
                        else f"{printable(path)}: ") + _problem_only(said, path)
                say(f"tilelens read: {said}")
                results.append(image_entry(path, rec.game, rec.tileset, error=problem))
                if a.kinds:
                    print(flush=True)  # one line per photo still: an empty one for a photo not read
                continue
            if not reading.tiles:  # said on stderr: stdout stays what a script reads (no tiles, an empty line)
                shown = (STDIN_NAME_JA if lang == "ja" else STDIN_NAME) if path == STDIN else printable(path)
                # the cause, in the photo page's order (``app.views.score_photo``): too small, plain, too dark
                why = (NO_TILES_SMALL if quality.small_photo else NO_TILES_PLAIN if quality.plain
                       else NO_TILES_DARK if quality.dark else NO_TILES)[lang]
                say(f"tilelens read: {why.format(path=shown, w=quality.photo_wh[0], h=quality.photo_wh[1])}")
            if a.json:
                results.append(image_entry(path, rec.game, rec.tileset, reading, notes=notes, scored_as=game,
                                           tile_height=tile_height, quality=quality))
            elif a.kinds:  # what is not the game's, or not like its tiles, said on stderr: stdout is score's line
                kept, left = hand_of(reading, game)[0], not_of_game(reading, game)
                print(kinds_line(kept), flush=True)
                shown = (STDIN_NAME_JA if lang == "ja" else STDIN_NAME) if path == STDIN else printable(path)
                if left:
                    name = game_name_ja(game) if lang == "ja" else load_game(game).name_en
                    it = "it" if len(set(left)) == 1 else "them"
                    said = (LEFT_OUT_HOUSE[lang].format(path=shown, kinds=" ".join(left), table=table_said(game, lang),
                                                        id=game, it=it) if house_table_of(game) is not None
                            else LEFT_OUT[lang].format(path=shown, kinds=" ".join(left), game=name, id=game, it=it))
                    say(f"tilelens read: {said}")
                if unlearnt := unlearnt_said(reading, lang, again):  # what the text says below the kinds
                    say(f"tilelens read: {shown}: {unlearnt.strip()}")
                first, last = quality_notes(reading, quality, lang, game, notes)
                first = [(note, text) for note, text in first if not said_with_no_tiles(reading, quality, note)]
                for _, text in first:  # the reasons to retake first, as the text says them
                    say(f"tilelens read: {shown}: {WORDS[lang]['note'].format(text=text).strip()}")
                for note in notes:  # what the text says of the photo, as the text says it (its tile names aside)
                    say(f"tilelens read: {shown}: {WORDS[lang]['note'].format(text=note_text(note, reading.game, lang)).strip()}")
                # tiles to check, left out; small tiles; faces washed out, a hand maybe upside down
                for _, text in [*reading_notes(reading, lang, tile_height, quality.photo_px, game), *last]:
                    say(f"tilelens read: {shown}: {WORDS[lang]['note'].format(text=text).strip()}")
                if reading.other_game and not COLOUR_NOTES & set(notes):
                    say(f"tilelens read: {shown}: {other_game_said(reading, lang).strip()}")
                if reading.other_set and not COLOUR_NOTES & set(notes):
                    say(f"tilelens read: {shown}: {other_set_said(reading, lang, again).strip()}")
                if wins := wins_if(reading, lang, (lambda kind, named=names_ja(reading.game): named.get(kind, kind))
                                if lang == "ja" else None, game):
                    say(f"tilelens read: {shown}: {wins.strip()}")
            else:
                print(format_reading(printable(path), reading, notes, lang, game, tile_height, quality, again))
    except KeyboardInterrupt:  # Ctrl-C: what was read is kept (--json: printed, saying it was interrupted)
        interrupted = True
    else:
        interrupted, done = False, len(a.images)
    finally:
        bar.close()
    if a.json:
        print(json.dumps({"game": rec.game or None, "tileset": rec.tileset or None,
                          "unlearnt_kinds": list(getattr(rec, "unlearnt_kinds", ())),
                          "tilesets_naming_all": list(getattr(rec, "tilesets_naming_all", ())), "images": results,
                          "interrupted": interrupted}, ensure_ascii=False))
    if failed and len(a.images) > 1:  # the errors may have scrolled away among the photos read (--json: stderr too)
        print(f"tilelens read: {FAILED[lang].format(n=len(failed), of=done, paths=', '.join(failed))}",
              file=sys.stderr)
    if interrupted:
        print(f"tilelens read: {INTERRUPTED[lang].format(n=done, of=len(a.images))}", file=sys.stderr)
        return 130  # as a shell reports a command ended by SIGINT (the router's ``interrupted``)
    return 2 if failed else 0
