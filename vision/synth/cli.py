"""``tilelens synth`` (a dataset or one photo) and ``tilelens contact-sheet``."""
from __future__ import annotations

import argparse
from functools import partial
from pathlib import Path

from scorer.cli import HelpFormatter, UsageLinesParser  # lines break at spaces only: an option name is never split
from scorer.cli import add_shipped_rules, columns, game_named, pad_columns, say_help_in_japanese
from scorer.result import TilelensInputError, UnknownTileError, cli_lang, said_in
from vision.cli_args import MAX_SIDE, fraction, named_path, non_negative_int, photo_side, positive_int
from vision.faces import face_styles, synth_game
from vision.faces.donjara import STYLES as DONJARA_STYLES
from vision.faces.riichi import STYLES as MAHJONG_STYLES
from vision.synth.scene import Layout


class SynthUsageError(TilelensInputError):
    """Arguments that do not make a dataset or a photo."""


# What `tilelens synth` and `tilelens contact-sheet` print for a person, in each language (``scorer.result.cli_lang``:
# ``TILELENS_LANG=ja`` or a Japanese locale). Tile ids, paths and options are said as they are typed; ``--help`` is
# said in each language too (``SYNTH_HELP_JA``), the text drawn on the contact sheet the same in both
# (``vision.synth.contact``).
WORDS: dict[str, dict[str, str]] = {
    "en": {"either": "give either --count N (a dataset) or --hand TILE... (one photo)",
           "melds_alone": "--melds goes with --hand TILE... (one photo), not with --count",
           "suffix": "--out {out} must end in .jpg, .jpeg or .png", "unwritten": "could not write {out}",
           "exists": "{out} already exists: it is not replaced (add --force to write over it, or name a new file)",
           "is_folder": "--out {out} is a folder: name the photo file to write (e.g. {example})",
           "force_alone": "--force goes with --hand TILE... (one photo); a dataset's --out is a new or empty folder, "
                          "or an earlier synthetic set (which is rewritten)",
           "style_alone": "--style goes with --hand TILE... (one photo); a dataset draws every style (leave --style "
                          "out)",
           "style": "--style {style}: a face style of {game} is a number from 0 to {last}",
           "no_folder": "could not make the folder {folder} for --out: {why}",
           "why_denied": "no permission to write there", "why_read_only": "that place is read-only",
           "why_full": "the disk is full", "why_file": "{path} is a file, where a folder must go",
           "why_other": "a folder cannot be made there (the system says: {strerror})",
           "wrote": "wrote {out}: {n} tile{s} ({layout}, seed {seed})", "made": "; made the folder {folder}",
           "box": "  {tile} box {box}",
           "melds": "  melds: {melds} (laid apart at the right; their tiles listed last)",
           "dataset": "wrote {n} photo{s}: {yaml} (card: {card})",
           "sheet": "wrote {path}", "synthetic": "synthetic", "real": "real",
           "stats": "  {side:<10} brightness {brightness:.0f}  saturation {saturation:.0f}  sharpness {sharpness:.0f}"},
    "ja": {"either": "--count N (データセット) か --hand TILE... (写真1枚) のどちらかを指定してください",
           "melds_alone": "--melds は --hand TILE... (写真1枚) と一緒に使います。--count とは使えません",
           "suffix": "--out {out} は .jpg、.jpeg、.png のどれかで終わる名前にしてください",
           "unwritten": "{out} に書き出せませんでした",
           "exists": "{out} はもうあります: 上書きはしません (上書きするには --force を付けるか、新しいファイル名にしてください)",
           "is_folder": "--out {out} はフォルダです: 書き出す写真のファイル名を指定してください (例: {example})",
           "force_alone": "--force は --hand TILE... (写真1枚) と一緒に使います。データセットの --out は新しいフォルダか"
                          "空のフォルダ、または前に作った合成データセット (作り直します) にしてください",
           "style_alone": "--style は --hand TILE... (写真1枚) と一緒に使います。データセットはすべての絵柄で作ります "
                          "(--style を外してください)",
           "style": "--style {style}: {game} の絵柄は 0 から {last} までの番号で指定してください",
           "no_folder": "--out のフォルダ {folder} を作れませんでした: {why}",
           "why_denied": "そこに書き込む権限がありません", "why_read_only": "そこは読み取り専用です",
           "why_full": "ディスクがいっぱいです", "why_file": "{path} はファイルです (フォルダが必要な場所です)",
           "why_other": "そこにはフォルダを作れません (システムの答え: {strerror})",
           "wrote": "{out} を書き出しました: 牌 {n}枚 ({layout}、シード {seed})", "made": "。フォルダ {folder} を作りました",
           "box": "  {tile} 枠 {box}",
           "melds": "  鳴き: {melds} (右に離して置いています。その牌は最後に並べています)",
           "dataset": "写真 {n}枚を書き出しました: {yaml} (説明: {card})",
           "sheet": "{path} を書き出しました", "synthetic": "合成", "real": "実写",
           "stats": "  {side}  明るさ {brightness:.0f}  彩度 {saturation:.0f}  鮮明さ {sharpness:.0f}"},
}
_said = partial(said_in, WORDS)  # ``WORDS[lang][key]`` filled in, by default in the command line's language


TILE_COLUMNS = 20  # the tile column of a photo's boxes, wider where a tile said is wider


def tiles_said(game: str, ids: list[str], lang: str | None = None) -> list[str]:
    """The tiles of a photo as its box lines name them: on a Japanese screen by the game's Japanese name with the id
    in brackets, as `tilelens read` names them (``vision.read_cli.names_ja``: 「らりん (rarin)」), elsewhere (and a
    tile of no Japanese name, a game of none: ``hk-mahjong``) by the id as typed."""
    from vision.read_cli import names_ja

    names = names_ja(game) if (lang or cli_lang()) == "ja" else {}
    return [f"{names[i]} ({i})" if i in names else i for i in ids]


def _error(key: str, **values) -> SynthUsageError:
    """A usage error said in both languages."""
    return SynthUsageError(_said(key, "en", **values), _said(key, "ja", **values))


def _make_folder(folder: Path) -> Path | None:
    """Make ``folder`` (and its parents) for ``--out``, giving the first folder made (the outermost; None where
    ``folder`` was there), which :func:`_unmake` removes again where the command then refuses. A folder that cannot
    be made is said in a sentence of the user's language, not as the system's ``/proc/x: No such file or
    directory``."""
    import errno

    try:
        missing = [p for p in (folder, *folder.parents) if not p.exists()]
        folder.mkdir(parents=True, exist_ok=True)
        return missing[-1] if missing else None
    except OSError as exc:
        code, path, strerror = exc.errno, exc.filename or folder, exc.strerror or str(exc)
        key = {errno.EACCES: "why_denied", errno.EPERM: "why_denied", errno.EROFS: "why_read_only",
               errno.ENOSPC: "why_full", errno.EEXIST: "why_file", errno.ENOTDIR: "why_file"}.get(code, "why_other")
        if key == "why_file":  # the first of the parents that is a file
            path = next((p for p in (folder, *folder.parents) if p.exists() and not p.is_dir()), path)

        def why(lang: str) -> str:
            return _said(key, lang, path=path, strerror=strerror)

        raise SynthUsageError(_said("no_folder", "en", folder=folder, why=why("en")),
                              _said("no_folder", "ja", folder=folder, why=why("ja"))) from None


def _unmake(folder: Path, made: Path | None) -> None:
    """Remove the folders :func:`_make_folder` made for ``folder`` (``made``: the outermost), as long as they are
    empty: a refusal after them leaves the disk as it was."""
    if made is None:
        return
    for path in (folder, *folder.parents):
        try:
            path.rmdir()
        except OSError:  # not empty (something else wrote there meanwhile), or gone
            return
        if path == made:
            return


def _quoted(game_id: str, unknown: UnknownTileError) -> TilelensInputError:
    """``unknown`` as said, or where its "tile" is tiles quoted as one word (``--hand "rarin rarin rarin"``: the
    shell passes one word), the same with how to pass them: unquoted, one tile a word."""
    from vision.synth.api import resolve_tiles

    parts = str(unknown.token).split()
    if len(parts) < 2:
        return unknown
    try:
        resolve_tiles(game_id, parts)
    except TilelensInputError:
        return unknown
    tiles = " ".join(parts)
    return SynthUsageError(f"{unknown}: the tiles were passed as one quoted word; pass them unquoted, one tile a "
                           f"word: --hand {tiles}",
                           f"{unknown.message_ja}。牌が引用符で1語にまとめられています。引用符を外して、"
                           f"1枚ずつ区切って渡してください: --hand {tiles}")


def _check_copies(game_id: str, hand: list[str], melds: list[str]) -> None:
    """Refuse a hand (with its melds) holding more copies of a tile than the game's set has, as `tilelens score`
    refuses it, in the scorer's own words (``scorer.engine.parse_hand``; a riichi game's
    ``scorer.riichi_hand.check_hand_copies``). ``hk-mahjong`` is no scorer game: its hands are drawn as given."""
    from vision.faces.catalog import HK_GAME
    from vision.synth.api import resolve_tiles

    if game_id == HK_GAME:
        return
    from scorer.catalog import load_game

    game = load_game(game_id)
    ids = resolve_tiles(game_id, hand)  # an unknown tile is said as render_hand says it
    if game.engine == "riichi":
        from scorer.riichi_hand import check_hand_copies

        check_hand_copies(game, ids, melds)
    else:
        from scorer.engine import parse_hand

        parse_hand(game, ids)


def _style(game_id: str, text: str) -> int:
    """``--style``'s ``text`` as a face style of ``game_id`` (0 up to ``face_styles``), else its one-line refusal
    naming the game's range: argparse's "invalid int value" said nothing of what a style is, nor its range."""
    last = face_styles(game_id) - 1
    try:
        style = int(text)
    except ValueError:
        style = -1
    if not 0 <= style <= last:
        raise _error("style", style=text, game=synth_game(game_id).id, last=last)  # a house table's id, not its file
    return style


def _up_to(most: int):
    """An argparse type: a whole number from 1 to ``most``; past it, argparse's usage error saying the bound (a
    count of photos or a sheet's rows is no place for ``99999999999999999999``: the memory runs out first)."""
    def whole(text: str) -> int:
        n = positive_int(text)
        if n > most:
            raise argparse.ArgumentTypeError(f"must be at most {most:,}, got {text}")  # 1,000,000: read at a glance
        return n
    return whole


def _parser() -> argparse.ArgumentParser:
    from vision.synth.dataset import MAX_COUNT

    p = UsageLinesParser(prog="tilelens synth", description=(
        "Render synthetic photos of tile hands: a training set (--count N --out DIR) or one photo of a "
        "given hand (--hand TILE... --out PHOTO.jpg)."), formatter_class=HelpFormatter, epilog=SYNTH_EXIT_STATUS)
    add_shipped_rules(p)  # the router's option (it picks the table): argparse lists it
    p.add_argument("--game", required=True,
                   help="game id or name (tilelens games: its table as edited in the app, where it was), a game .toml file (a "
                        "club's own edition), or hk-mahjong")
    p.add_argument("--out", required=True, type=named_path("path"),
                   help="dataset folder, or the photo file with --hand")
    p.add_argument("--count", type=_up_to(MAX_COUNT), help=f"number of photos in the dataset (1 to {MAX_COUNT:,})")
    p.add_argument("--hand", nargs="+", metavar="TILE", help=(
        "tiles of one photo (ids or Japanese names; riichi notation too, as `tilelens score` takes it: "
        "234m456p789s11z555z)"))
    p.add_argument("--melds", nargs="+", action="extend", default=[], metavar="KIND:TILES", help=(
        "with --hand, riichi games: called melds laid apart at the hand's right, as `tilelens score --melds` "
        "takes them and `tilelens read --kinds` gives them back (pon:555z chi:123m kan:1111p ankan:9999s)"))
    p.add_argument("--seed", type=non_negative_int, default=0,
                   help="random seed of the scenes (default 0): the same seed, the same photos")
    p.add_argument("--imgsz", type=photo_side, default=640, help=f"image side in pixels: at least 64, at most {MAX_SIDE}; "
                   "a dataset's (--count) a multiple of 32 (default 640)")
    p.add_argument("--layout", default="rack", choices=[l.value for l in Layout], help="layout of --hand")
    p.add_argument("--style", metavar="N", default=None, help=(  # a number, checked by the game in ``_style``
        f"with --hand: the look of the tiles' faces, by number: 0 to {DONJARA_STYLES - 1} for a Donjara game, 0 to "
        f"{MAHJONG_STYLES - 1} for a mahjong set (default: by seed; a dataset draws every style)"))
    p.add_argument("--val-fraction", type=fraction, default=0.1, help="share of the dataset in val (0.1)")
    p.add_argument("--workers", type=positive_int, default=2, help="worker processes (default 2)")
    p.add_argument("--box", default="tile", choices=["tile", "face"], help=(
        "what a label box covers: the whole visible tile (default) or its visible face only, as the real "
        "Hong Kong set labels them"))
    p.add_argument("--force", action="store_true", help="with --hand: write over --out if that file exists "
                   "(without it an existing photo is left as it is)")
    if cli_lang() == "ja":
        say_help_in_japanese(p, synth_help_ja(MAX_COUNT), SYNTH_DESCRIPTION_JA, SYNTH_EXIT_STATUS_JA)
    return p


# The last paragraph of `tilelens synth --help`: what each exit status means (bad input and Ctrl-C: 2 and 130 from the
# router, ``tilelens.cli``).
SYNTH_EXIT_STATUS = ("Exit status: 0 written (the dataset, or the photo); 2 bad input (an unknown game or tile, "
                     "neither --count nor --hand or both, an --out that cannot be written), said in one line on "
                     "standard error; 130 interrupted (Ctrl-C).")
SYNTH_EXIT_STATUS_JA = ("終了ステータス: 書き出せたとき (データセットか写真) は 0。入力の誤り (知らないゲームや牌、"
                        "--count と --hand のどちらもないか両方ある、書き込めない --out) は 2 で、標準エラーに1行で"
                        "表示します。中断 (Ctrl-C) は 130。")
# The help said in Japanese (``scorer.cli.say_help_in_japanese``), by each option's first name: one line for each of
# the English ones in ``_parser`` and ``contact_sheet_main``, kept in step with them, in the words the command prints
# (合成, 写真1枚, 鳴き, 枠).
SYNTH_DESCRIPTION_JA = ("牌の手の合成写真を作ります: 学習用のデータセット (--count N --out DIR) か、指定した手牌の写真1枚 "
                        "(--hand TILE... --out PHOTO.jpg)。")


def synth_help_ja(most: int) -> dict[str, str]:
    """`tilelens synth`'s options in Japanese (``most``: the most photos a dataset takes)."""
    return {
        "--game": "ゲームの id か名前 (tilelens games。アプリで編集した表があればその表)、ゲームの .toml ファイル (クラブ独自の"
                  "版)、または hk-mahjong",
        "--out": "データセットのフォルダ。--hand のときは写真のファイル",
        "--count": f"データセットの写真の枚数 (1 から {most:,} まで)",
        "--hand": "写真1枚の牌 (id か日本語の名前。`tilelens score` と同じく、リーチ麻雀の表記も: 234m456p789s11z555z)",
        "--melds": "--hand と一緒に、リーチ麻雀のゲームで: 手牌の右に離して置く鳴き。`tilelens score --melds` と同じ"
                   "書き方で、`tilelens read --kinds` もこう返します (pon:555z chi:123m kan:1111p ankan:9999s)",
        "--seed": "場面の乱数のシード (指定がなければ 0): 同じシードなら同じ写真になります",
        "--imgsz": f"画像の一辺のピクセル数: 64 以上 {MAX_SIDE} 以下。データセット (--count) では 32 の倍数 (指定がなければ 640)",
        "--layout": "--hand の牌の並べ方",
        "--style": f"--hand のとき: 牌の面の絵柄の番号。ドンジャラは 0 から {DONJARA_STYLES - 1}、麻雀牌は 0 から "
                   f"{MAHJONG_STYLES - 1} (指定がなければシードで決まります。データセットはすべての絵柄で作ります)",
        "--val-fraction": "データセットのうち val に入れる割合 (0.1)",
        "--workers": "ワーカープロセスの数 (指定がなければ 2)",
        "--box": "ラベルの枠が囲むもの: 見えている牌全体 (指定がなければ) か、見えている牌の面だけ (実物の香港の"
                 "セットのラベルと同じ)",
        "--force": "--hand のとき: --out のファイルがあれば上書きします (付けなければ、ある写真はそのまま残します)",
    }


def contact_sheet_help_ja(most_grid: int, most_thumb: int) -> dict[str, str]:
    """`tilelens contact-sheet`'s options in Japanese (the most rows or columns, the largest thumbnail)."""
    return {
        "--out": "書き出す PNG ファイル",
        "--game": "合成する場面のゲーム (指定がなければ hk-mahjong)",
        "--seed": "合成する場面の乱数のシード (指定がなければ 0): 同じシードなら同じ画像になります",
        "--rows": f"写真の行数 (指定がなければ 3、最大 {most_grid})",
        "--cols": f"1行あたりの合成 (と実際の) 写真の枚数 (指定がなければ 3、最大 {most_grid})",
        "--thumb": f"縮小画像の一辺のピクセル数 (指定がなければ 256、最大 {most_thumb})",
        "--force": "--out のファイルがあれば上書きします (付けなければ、あるファイルはそのまま残します)",
    }


def table_of(game: str) -> str:
    """The game ``synth`` draws for ``--game game``: the file of its house table edited in the app where the command
    plays one (``vision.scorable.house_table_of``: the tiles the club plays, a new member's too, as ``tilelens score``
    takes them), else ``game`` as given. A file, as the dataset's worker processes load it: they do not share the
    command's look-up of house tables. Faces do not change for it (``vision.faces.donjara.picture_seed``)."""
    from vision.scorable import house_table_of

    house = house_table_of(game)
    return game if house is None else str(house)


def synth_melds(words: list[str]) -> list[str]:
    """``--melds``'s words as the melds ``render_hand`` draws, each ``KIND:TILES``, read as `tilelens score --melds`
    reads them (``scorer.riichi_tiles.spaced_melds``, ``split_melds``): ``pon:555z``, ``pon 555z``, ``pon 白 白 白``,
    ``"pon 555z, chi 一二三萬"``. A word that is no meld is kept, for ``parse_meld`` to refuse with its reason.

    >>> synth_melds(["pon", "白", "白", "白", "chi:123m"]), synth_melds(["pon 555z, chi 一二三萬"])
    (['pon:555z', 'chi:123m'], ['pon:555z', 'chi:123m'])
    """
    from scorer.riichi_tiles import spaced_melds, split_melds

    return [spec for word in spaced_melds(words) for spec, _ in split_melds(word)]


# What would do where --out cannot be written (a read-only folder: ``tilelens.cli.not_written_under``)
NOT_WRITTEN_INSTEAD = ("give another --out, in a folder you can write to", "書き込めるフォルダの中を --out に指定してください")


def main(argv: list[str]) -> int:
    """Entry point of ``tilelens synth``."""
    from tilelens.cli import not_written_under
    from scorer.paths import PHOTO_NOUN, refuse_loop

    args = _parser().parse_args(argv)
    args.game = table_of(game_named(args.game))  # by its id or its name (東京麻雀), as `tilelens score` takes it
    if (args.hand is None) == (args.count is None):
        raise _error("either")
    if args.melds and args.hand is None:
        raise _error("melds_alone")
    if args.force and args.hand is None:
        raise _error("force_alone")
    if args.style is not None and args.hand is None:
        raise _error("style_alone")
    if args.hand is not None:
        from vision.synth import render_hand
        from vision.synth.dataset import write_image  # any file name (cv2.imwrite crashed on one that is no UTF-8)

        if args.out.suffix.lower() not in {".jpg", ".jpeg", ".png"}:
            raise _error("suffix", out=args.out)
        melds = synth_melds(args.melds)
        style = None if args.style is None else _style(args.game, args.style)
        try:
            _check_copies(args.game, args.hand, melds)
            scene = render_hand(args.game, args.hand, seed=args.seed, layout=args.layout, imgsz=args.imgsz,
                                style=style, melds=melds)
        except UnknownTileError as unknown:
            raise _quoted(args.game, unknown) from None
        # after the hand is checked (its mistakes said first), before anything is written
        refuse_loop(args.out, PHOTO_NOUN)  # a loop of links on its way: no "lp is a file, where a folder must go"
        if args.out.is_dir():
            raise _error("is_folder", out=args.out, example=args.out / "hand.jpg")
        if args.out.exists() and not args.force:  # a real photo of that name was replaced, unsaid
            raise _error("exists", out=args.out)
        folder = args.out.parent
        made = _make_folder(folder)  # a folder not there is made (as a dataset's --out is), and said
        with not_written_under(args.out, NOT_WRITTEN_INSTEAD):  # a read-only folder: said, with what would do
            written = write_image(args.out, scene.image, whole=True)  # --force keeps the good photo on a full disk
        if not written:
            _unmake(folder, made)
            raise _error("unwritten", out=args.out)
        print(_said("wrote", out=args.out, n=len(scene.tiles), s="" if len(scene.tiles) == 1 else "s",
                    layout=args.layout, seed=args.seed)
              + (_said("made", folder=folder) if made else ""))
        tiles = tiles_said(args.game, [t.tile_id for t in scene.tiles])
        width = max([TILE_COLUMNS, *map(columns, tiles)])  # the boxes in one column, a Japanese name too
        for t, said in zip(scene.tiles, tiles):
            print(_said("box", tile=pad_columns(said, width), box=", ".join(f"{v:.0f}" for v in t.xyxy)))
        if melds:
            print(_said("melds", melds=" ".join(scene.settings["melds"])))
        return 0
    from vision.synth import make_dataset
    from vision.synth.dataset import check_dataset_args  # what make_dataset refuses first
    from vision.synth.dataset import check_out_name

    # every argument checked before the folder is made: a refusal leaves the disk as it was (--imgsz 100 made --out)
    check_dataset_args(args.game, args.count, args.imgsz, args.val_fraction, args.seed)
    check_out_name(args.out)
    if not args.out.exists():  # one that is there is checked by make_dataset (a file; a folder not empty)
        _make_folder(args.out)

    with not_written_under(args.out, NOT_WRITTEN_INSTEAD):
        yaml_path = make_dataset(args.game, args.count, args.out, seed=args.seed, imgsz=args.imgsz,
                                 val_fraction=args.val_fraction, workers=args.workers, box=args.box,
                                 progress=True)  # a bar where standard error is a terminal, lines in a log
    print(_said("dataset", n=args.count, s="" if args.count == 1 else "s", yaml=yaml_path,
                card=yaml_path.parent / "CARD.md"))
    return 0


def contact_sheet_main(argv: list[str]) -> int:
    """Entry point of ``tilelens contact-sheet``: synthetic scenes beside real photos, one PNG."""
    from vision.synth.contact import MAX_GRID, MAX_THUMB

    p = UsageLinesParser(prog="tilelens contact-sheet", description=(
        "Write a PNG with rows of synthetic scenes next to real photos of the shared Hong Kong set."),
        formatter_class=HelpFormatter)
    p.add_argument("--out", required=True, type=named_path("file"), help="PNG file to write")
    p.add_argument("--game", default="hk-mahjong", help="game of the synthetic scenes (default hk-mahjong)")
    p.add_argument("--seed", type=non_negative_int, default=0,
                   help="random seed of the synthetic scenes (default 0): the same seed, the same sheet")
    p.add_argument("--rows", type=_up_to(MAX_GRID), default=3, help=f"rows of photos (default 3, at most {MAX_GRID})")
    p.add_argument("--cols", type=_up_to(MAX_GRID), default=3,
                   help=f"synthetic (and real) photos per row (default 3, at most {MAX_GRID})")
    p.add_argument("--thumb", type=_up_to(MAX_THUMB), default=256,
                   help=f"thumbnail side in pixels (default 256, at most {MAX_THUMB})")
    p.add_argument("--force", action="store_true", help="write over --out if that file exists (without it an existing "
                   "file is left as it is)")
    if cli_lang() == "ja":
        say_help_in_japanese(p, contact_sheet_help_ja(MAX_GRID, MAX_THUMB), "合成した場面を、共有の香港のセットの実際の"
                             "写真と行ごとに並べた PNG を書き出します。", None)
    args = p.parse_args(argv)
    from vision.synth.contact import contact_sheet

    # said before a minute of rendering, as `synth --hand` says it; a name that is no .png: said so first, by the sheet
    if args.out.suffix.lower() == ".png" and args.out.is_file() and not args.force:
        raise _error("exists", out=args.out)
    path, stats = contact_sheet(args.out, args.game, args.seed, args.rows, args.cols, args.thumb)
    print(_said("sheet", path=path))
    for side, s in stats.items():  # medians, 640 px images
        print(_said("stats", side=_said(side), **s))
    return 0
