"""``tilelens enroll``: teach the recognizer a new physical tile set from a few labelled photos.

From a folder of labelled photos (Ultralytics layout, class names = tile kinds) or of crops (one folder
per tile kind), fine-tune a base classifier (a shipped game's, another tile set's, or none) on the
crops with heavy augmentation for a few minutes, and write the tile set to
``models/tilesets/<name>/`` (``$TILELENS_HOME/tilesets/<name>/`` when the models are an installed package's, or a
checkout's with ``TILELENS_HOME`` set: ``vision.detector.tileset_dirs``): ``classifier.onnx`` + ``.json`` (what
``read --tileset`` runs), ``classifier.pt`` (the base for a later enrolment) and ``tileset.json``. Then, from the
same crops, the
set's own orientation model (``orient.onnx``, :mod:`vision.orient`): which way up its faces stand, so that
a hand of these tiles photographed from across the table is read as its owner sees it. The shipped
orientation model learnt rendered faces only and hardly tells a real set's tiles upright from upside down.
``--orient-only`` trains just that part for a tile set enrolled before.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import re
import shlex
import sys
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from functools import partial
from pathlib import Path

import numpy as np

from scorer.result import TilelensInputError, cli_lang, near_said, quoted_ja, said_in
from vision.cli_args import (LogTiming, finite_float, fraction, named_path, non_negative_float, positive_float,
                             positive_int)

NAME_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,40}$")
MAHJONG_RE = re.compile(r"^(?:([0-9])([mpsz])|f([1-8]))$")

# What `tilelens enroll` prints for a person, in each language (``scorer.result.cli_lang``: ``TILELENS_LANG=ja`` or a
# Japanese locale), each line written once (``_said``). Names, paths and commands are said as they are typed; the
# files written (``tileset.json``, the models) are the same in both languages (``--help``: ``enroll_help_ja``).
WORDS: dict[str, dict[str, str]] = {
    "en": {"enrolling": "enrolling {name!r}: {crops} crops of {kinds} kinds, base {base}, {bound}", "no_base": "none",
           "epochs_one": "{n} epoch", "epochs_many": "{n} epochs", "minutes": "{n:g} min",
           "stage_training": "training", "stage_orientation": "learning which way up the tiles stand",
           "stage_total": "{stage} ({total})", "steps_one": "{n} step", "steps_many": "{n} steps",
           "of_total": " of {total}",
           "written": "tile set written to {out} ({minutes} min){hint}", "hint": "; read with `{command}`",
           "orient_written": "orientation model written to {path} ({minutes} min)",
           "no_faces": "no orientation model: no labelled face to learn from", "warning": "warning: {text}",
           "orient_too_few": "no orientation model of its own: {photos} photo{s} {are} too few to learn which way up its "
                             "tiles stand (one learnt from so few turns upright hands round; {least} or more are "
                             "enough); the shipped one tells it. With more photos labelled: `{command}`",
           "orient_only_too_few": "--orient-only: {photos} photo{s} {are} too few to learn which way up the set's tiles "
                                  "stand (one learnt from so few turns upright hands round; {least} or more are "
                                  "enough): label more photos of {data}, then run it again (until then the shipped "
                                  "orientation model tells it)",
           "staging_cleaned": "removed the half-made tile set {name!r} an enrolment cut short left behind (enrol it "
                              "again to have it)",
           "replaced_restored": "put the tile set {name!r} back as it was: replacing it (--replace) was cut short "
                                "before the new set was moved in (enrol it again with --replace to replace it)",
           "held_out": "{held} of the {count} kept out of training, to measure the set on ({tiles} "
                       "tiles{all})", "held_out_all": "; --hold-out 0 learns them all",
           "held_out_none": "every photo learnt: {count} {are} too few to keep some out to measure "
                            "the set on ({least} or more are)",
           "held_out_unaccepted": "no photo of {root} is accepted on the Label tiles page, so all {total} "
                                  "photo{s} {are} learnt and none is kept out to measure the set on (with {least} "
                                  "or more accepted, some are)",
           "count": "{total} {which}photo{s}", "count_tiles": "{every} {which}photo{s} ({total} with tiles)",
           "measured": "on the {held} photo{hs} kept out (not learnt, so the set is measured on photos it never "
                       "saw): {right} of the {tiles} tiles named right ({share:.0%}); it learnt from the other "
                       "{learnt} photo{s}",
           "unreadable": "{n} photo{s} of {dir} cannot be read, so nothing was learnt: {photos}. Copy {them} in again "
                         "(or take {them} again), or remove {them}, then enrol again{check}",
           "unreadable_job": "{n} photo{s} of {dir} cannot be read, so nothing was learnt: {photos}. Copy {them} in "
                             "again (or take {them} again), or leave {them} out of teaching (`tilelens label accept "
                             "{command} PHOTO --undo`), then teach again{check}",
           "unreadable_check": "; `tilelens label check {command}` lists every problem of the folder",
           "unreadable_more": " (and {n} more)", "unreadable_list": "; "},
    "ja": {"enrolling": "牌セット{name_ja}を登録します: {kinds}種類の牌の切り抜き {crops}枚、元にするモデル {base}、{bound}",
           "no_base": "なし", "epochs_one": "{n}エポック", "epochs_many": "{n}エポック", "minutes": "{n:g}分",
           "stage_training": "学習", "stage_orientation": "牌の上下を学習",
           "stage_total": "{stage} ({total})", "steps_one": "{n}ステップ", "steps_many": "{n}ステップ",
           "of_total": " (全{total})",
           "written": "牌セットを {out} に書き出しました ({minutes}分){hint}", "hint": "。読むには `{command}`",
           "orient_written": "向きのモデルを {path} に書き出しました ({minutes}分)",
           "no_faces": "向きのモデルは作りません: 覚えさせる表向きの牌のラベルがありません", "warning": "注意: {text}",
           "orient_too_few": "この牌セット自身の向きのモデルは作りません: 写真 {photos}枚では牌の上下を覚えるには少なすぎます "
                             "(少ない写真で覚えたモデルは正しい向きの手牌を逆さにします。{least}枚以上あれば足ります)。"
                             "向きは同梱のモデルで判断します。写真を増やしたら: `{command}`",
           "orient_only_too_few": "--orient-only: 写真 {photos}枚では牌の上下を覚えるには少なすぎます (少ない写真で"
                                  "覚えたモデルは正しい向きの手牌を逆さにします。{least}枚以上あれば足ります)。{data} の"
                                  "写真を増やしてから、もう一度実行してください (それまでは同梱のモデルで向きを判断します)",
           "staging_cleaned": "途中で中断された登録が残した作りかけの牌セット{name_ja}を削除しました (使うにはもう一度"
                              "登録してください)",
           "replaced_restored": "牌セット{name_ja}を元に戻しました: 置き換え (--replace) が、新しいセットを入れる前に"
                                "中断されていました (置き換えるには、もう一度 --replace を付けて登録してください)",
           "held_out": "{count}のうち{held}枚 (牌 {tiles}枚) は覚えさせずに残し、牌セットを測ります{all}",
           "held_out_all": " (--hold-out 0 ならすべて覚えさせます)",
           "held_out_none": "写真をすべて覚えさせます: {count}では少なすぎて、測るための写真を残せません "
                            "({least}枚以上で残します)",
           "held_out_unaccepted": "{root} には「ラベル付け」のページで OK にした写真がないので、写真 {total}枚をすべて覚えさせ、"
                                  "牌セットを測るための写真は残しません (OK にした写真が {least}枚以上あれば残します)",
           "count": "{which}写真 {total}枚", "count_tiles": "{which}写真 {every}枚 (牌の写った写真 {total}枚)",
           "measured": "覚えさせずに残した写真 {held}枚 (見たことのない写真) で測りました: 牌 {tiles}枚のうち{right}枚を"
                       "正しく読みました ({share:.0%})。牌セットが覚えたのは残りの写真 {learnt}枚です。",
           "unreadable": "{dir} の写真 {n}枚が読めないため、何も覚えていません: {photos}。コピーし直すか (撮り直しても"
                         "かまいません)、外してから、もう一度登録してください{check}",
           "unreadable_job": "{dir} の写真 {n}枚が読めないため、何も覚えていません: {photos}。コピーし直すか (撮り直しても"
                             "かまいません)、`tilelens label accept {command} PHOTO --undo` で OK を取り消してから、"
                             "もう一度覚えさせてください{check}",
           "unreadable_check": "。`tilelens label check {command}` でフォルダの問題がすべて分かります",
           "unreadable_more": " (ほか {n}枚)", "unreadable_list": " / "},
}


_said = partial(said_in, WORDS)  # ``WORDS[lang][key]`` filled in, by default in the command line's language


class EnrollError(TilelensInputError):
    """An enrolment request that cannot run (bad name, unknown base, no data); ``message_ja`` says it in
    Japanese where the app shows it (the Label page's Teach)."""


def can_train() -> bool:
    """Whether this Python has torch, which training needs (the training extra); found, not imported."""
    import importlib.util

    return importlib.util.find_spec("torch") is not None


def install_command() -> str:
    """The command that installs the training packages at the versions the suite passed with, as `tilelens` names
    it for a missing torch (``tilelens.cli._install_hint``): `scripts/setup.sh test` in the repository; installed
    from a wheel (no repository, and PyPI's `tilelens` is another project), a `pip install` of the train extra's
    packages, pinned."""
    from tilelens.cli import _install_hint

    return _install_hint("torch").split("`", 1)[0]


def training_install() -> tuple[str, str]:
    """How to install the training packages (:func:`install_command`), in English (as `tilelens` says it, with the
    repository's second way) and Japanese."""
    from tilelens.cli import _install_hint

    return f"install them with `{_install_hint('torch')})", f"`{install_command()}` で入れてください"


def refuse_without_torch(doing: str, doing_ja: str) -> None:
    """``EnrollError`` where this Python cannot train: said before anything is written or warned of (``doing``:
    what the person asked for, as "... needs"; ``doing_ja``: the same, as "...には")."""
    if can_train():
        return
    english, japanese = training_install()
    raise EnrollError(f"{doing} needs the training packages (torch), not installed in this Python: {english}",
                      f"{doing_ja}には学習用のパッケージ (torch) が必要ですが、この Python には入っていません: {japanese}")


def mahjong_attrs(tile_id: str) -> dict[str, str] | None:
    """Suit and rank of a tile named in mpsz notation (flowers ``f1``-``f8`` are suit ``f``).

    >>> mahjong_attrs("5p"), mahjong_attrs("f3"), mahjong_attrs("east")
    ({'suit': 'p', 'rank': '5'}, {'suit': 'f', 'rank': '3'}, None)
    """
    m = MAHJONG_RE.match(tile_id)
    if not m:
        return None
    return {"suit": m.group(2), "rank": m.group(1)} if m.group(2) else {"suit": "f", "rank": m.group(3)}


def catalog_tiles(game: str | None, classes: list[str]) -> tuple | None:
    """The tiles of ``game``'s catalog when it names every one of ``classes``, else None (no game, or data
    with kinds outside it, such as a Hong Kong set's flowers: then it is not that game's set)."""
    if not game:
        return None
    from scorer.catalog import load_game

    tiles = tuple(load_game(game).tiles)
    ids = {t.id for t in tiles}
    return tiles if all(c in ids for c in classes) else None


def class_attributes(classes: list[str], game: str | None) -> list[dict[str, str]]:
    """Attributes of each enrolled kind: from the game's catalog where it names the kind, else suit and
    rank for mahjong names, else none (the tile set then has a kind head only)."""
    tiles = catalog_tiles(game, classes)
    if tiles:
        attrs = {t.id: dict(t.attrs) for t in tiles}
        return [attrs[c] for c in classes]
    mahjong = [mahjong_attrs(c) for c in classes]
    if all(m is not None for m in mahjong):
        return mahjong
    return [{} for _ in classes]


def resolve_base(base: str | None, models: Path) -> tuple[Path | None, str]:
    """The weights file of ``--base`` (a game id, an enrolled tile set, or a ``.pt`` path) and the game
    it belongs to; ``(None, "")`` for no base. Anything else is an ``EnrollError`` said for what was typed (a file
    that is no ``.pt`` model, a name of no game or tile set), listing what ``--base`` takes (:func:`base_choices`)."""
    if not base or base == "none":
        return None, ""
    from vision.recognizer import read_tileset_meta

    path = Path(base)
    if path.suffix == ".pt":
        if not path.is_file():
            raise EnrollError(f"--base {base}: no such file", f"元にするモデル {base} というファイルがありません")
        return path, ""
    from vision.detector import find_tileset

    looks_a_file = bool(path.suffix) or "/" in base or os.sep in base  # no game's id or set's name has a dot or a /
    if not looks_a_file:
        tileset = find_tileset(base, models)  # the user's enrolled sets, then the shipped ones
        if tileset is not None and (tileset / "classifier.pt").is_file():
            return tileset / "classifier.pt", read_tileset_meta(tileset).get("game", "")
        game_weights = models / f"classifier-{base}.pt"
        if game_weights.is_file():
            return game_weights, base
    games, sets = base_choices(models)
    takes = (f"--base takes a game with a classifier ({', '.join(games) or 'none here'}), an enrolled tile set "
             f"({', '.join(sets) or 'none'}), a .pt model file, or none")
    takes_ja = (f"--base に指定できるのは、分類器のあるゲーム ({'、'.join(games) or 'なし'})、覚えさせた牌セット "
                f"({'、'.join(sets) or 'なし'})、.pt のモデルファイル、または none です")
    if looks_a_file:
        try:
            folder, toml = path.is_dir(), path.suffix.lower() == ".toml"
        except OSError:  # a name too long for a file's
            folder, toml = False, False
        what, what_ja = (("a folder", "フォルダ") if folder else ("a game's rules file", "ゲームのルールファイル") if toml
                         else ("", ""))
        raise EnrollError(f"--base {base} is {what + ', not ' if what else 'not '}a .pt model file: {takes}",
                          f"--base {base} は{what_ja + 'で、' if what_ja else ' '}.pt のモデルファイルではありません: "
                          f"{takes_ja}")
    import difflib

    near = difflib.get_close_matches(base, [*games, *sets], n=2)
    hint, hint_ja = near_said(near) if near else ("", " (消されたか、別のパソコンで覚えさせたセットかもしれません)")
    raise EnrollError(f"unknown base {base!r}: no game with a classifier and no enrolled tile set of that name{hint}; "
                      f"{takes}",
                      f"元にするモデル{quoted_ja(base)}がありません。その名前のゲーム (分類器のあるもの) も、覚えさせた牌セットも"
                      f"ありません{hint_ja}。{takes_ja}")


def base_choices(models: Path) -> tuple[list[str], list[str]]:
    """What ``--base`` takes by name in ``models``: the games with a classifier's weights (``classifier-<id>.pt``),
    shipped ones first, and the enrolled tile sets with theirs (``classifier.pt``)."""
    from scorer.catalog import list_games
    from vision.detector import enrolled_tilesets

    prefix = "classifier-"
    try:
        found = sorted(p.stem[len(prefix):] for p in Path(models).glob(f"{prefix}*.pt") if p.is_file())
        sets = [name for name, folder in enrolled_tilesets(models).items() if (folder / "classifier.pt").is_file()]
    except OSError:  # a models folder that cannot be listed names none
        return [], []
    shipped = [g for g in list_games() if g in found]
    return shipped + [g for g in found if g not in shipped], sets


# The last paragraph of its --help, in English and Japanese: what each exit status means (bad input and Ctrl-C: 2 and
# 130 from the router, ``tilelens.cli``).
EXIT_STATUS = ("Exit status: 0 the tile set written; 2 bad input (a bad --name, a set of that name enrolled already, "
               "labelled tiles of fewer than two kinds, a folder that cannot be written), said in one line on standard "
               "error; 130 interrupted (Ctrl-C; --resume continues it).")
EXIT_STATUS_JA = ("終了ステータス: 牌セットを書き出せたときは 0。入力の誤り (使えない --name、その名前の牌セットがもう"
                  "登録されている、ラベルの付いた牌が2種類より少ない、書き込めないフォルダ) は 2 で、標準エラーに1行で"
                  "表示します。中断 (Ctrl-C) は 130 (--resume で続きをします)。")


def _parse(argv: list[str]) -> argparse.Namespace:
    from scorer.cli import HelpFormatter, UsageLinesParser  # lines break at spaces only: an option name is never split

    p = UsageLinesParser(prog="tilelens enroll",  # its usage lines, then the error line in the language chosen
                         description="Teach the recognizer a new tile set from labelled photos or crops.",
                         formatter_class=HelpFormatter, epilog=EXIT_STATUS)
    p.add_argument("--name", required=True, help="tile set name (lower case, digits, - and _)")
    p.add_argument("--data", required=True, type=named_path("path"),
                   help="labelled photos (data.yaml, images/, labels/) or crops (DIR/<tile id>/*.jpg)")
    p.add_argument("--base", help="start from a game's classifier, an enrolled tile set, or a .pt file")
    p.add_argument("--game", help="the game whose rules score this set (its catalog names the kinds); by "
                        "default the base's game when its catalog names every kind; `none` for no game")
    p.add_argument("--minutes", type=positive_float, default=8.0,
                   help="training time budget of the classifier (default 8); the orientation model then trains for "
                        "its own --orient-minutes, and cutting the tiles out of the photos comes first")
    p.add_argument("--epochs", type=positive_int,
                   help="an epoch count instead of a time budget (for the orientation model too)")
    p.add_argument("--crop-size", type=positive_int, default=48, help="side in px of the crops it reads (default 48)")
    p.add_argument("--width", type=positive_int, default=16, help="network width (without a base)")
    p.add_argument("--lr", type=positive_float, help="learning rate (default 3e-3, 1.5e-3 with a base)")
    p.add_argument("--models", type=named_path("folder"), help="models folder (default: the shipped models/; installed as a "
                                               "package, the set is written to $TILELENS_HOME/tilesets/)")
    p.add_argument("--work", type=named_path("folder"), help="run folder for checkpoints (default runs/enroll/NAME)")
    p.add_argument("--resume", action="store_true", help="continue an interrupted enrolment")
    p.add_argument("--val", type=named_path("path"), help="labelled photos or crops to report accuracy on after each epoch")
    p.add_argument("--hold-out", type=fraction,  # 20 meant as 20%, or 1.5, kept all but one photo out: refused
                   help=f"share of the photos kept out of training to measure the set on at the end, from 0 up to "
                        f"(not including) 1: 0.2 keeps a fifth out (the tile set "
                        f"does not learn them; at least {HOLD_OUT_MIN} photos, only with {HOLD_OUT_LEAST} photos or "
                        f"more; default {HOLD_OUT:g} for a dataset of the Label page or its Teach, else 0; 0: learn "
                        f"every photo)")
    p.add_argument("--no-detector-crops", action="store_true",
                   help="train on the labelled boxes only (by default, photos are also cropped at the "
                        "boxes the shipped detector finds, as `read` will crop them)")
    p.add_argument("--orient-minutes", type=non_negative_float, default=ORIENT_MINUTES,
                   help=f"training time of the set's orientation model (default {ORIENT_MINUTES:g}; 0: none, "
                        "the shipped one then tells which way up a hand stands)")
    p.add_argument("--orient-threshold", type=finite_float, default=ORIENT_THRESHOLD,
                   help="the orientation vote at which a hand is read turned round: the mean log odds of "
                        f"'upside down' over its faces, any finite number, not a share (default {ORIENT_THRESHOLD:g}; "
                        "higher turns fewer hands)")
    p.add_argument("--orient-only", action="store_true",
                   help="train only the orientation model of the tile set --name, enrolled before (its classifier "
                        "is kept)")
    p.add_argument("--replace", action="store_true",
                   help="write over the tile set --name if one is enrolled already (without it, that is refused)")
    p.add_argument("--seed", type=int, default=0,
                   help="random seed of the photos held out and of the training (default 0)")
    if cli_lang() == "ja":
        from scorer.cli import say_help_in_japanese

        say_help_in_japanese(p, enroll_help_ja(), "ラベル付きの写真か牌の切り抜きから、新しい牌セットを認識器に覚え"
                                                  "させます。", EXIT_STATUS_JA)
    return p.parse_args(argv)


def enroll_help_ja() -> dict[str, str]:
    """The help said in Japanese (``scorer.cli.say_help_in_japanese``), by each option's first name: one line for each
    of the English ones in ``_parse``, kept in step with them, in the words `tilelens enroll` prints (牌セット, 切り抜き,
    元にするモデル, 向きのモデル) and `label teach`'s help says."""
    return {
        "--name": "牌セットの名前 (小文字・数字・- と _)",
        "--data": "ラベル付きの写真 (data.yaml、images/、labels/) か、牌の切り抜き (DIR/<牌の id>/*.jpg)",
        "--base": "ゲームの分類器か、登録した牌セットか、.pt ファイルから始めます",
        "--game": "この牌セットを採点するルールのゲーム (その牌の一覧が種類を名付けます)。指定がなければ、元にするモデル"
                  "のゲーム (その一覧がすべての種類を名付けるとき)。ゲームなしは none",
        "--minutes": "分類器の学習時間 (分。指定がなければ 8)。その後、向きのモデルが自分の --orient-minutes だけ学習"
                     "します。最初に写真から牌を切り出します",
        "--epochs": "時間の代わりにエポック数 (向きのモデルも)",
        "--crop-size": "読む切り抜きの一辺のピクセル数 (指定がなければ 48)",
        "--width": "ネットワークの幅 (元にするモデルがないとき)",
        "--lr": "学習率 (指定がなければ 3e-3、元にするモデルがあれば 1.5e-3)",
        "--models": "モデルのフォルダ (指定がなければ同梱の models/。パッケージとしてインストールしたときは、牌セットを "
                    "$TILELENS_HOME/tilesets/ に書きます)",
        "--work": "チェックポイントを置く、実行のフォルダ (指定がなければ runs/enroll/NAME)",
        "--resume": "中断した登録の続きをします",
        "--val": "エポックごとに牌の正解率を測る、ラベル付きの写真か牌の切り抜き",
        "--hold-out": f"学習に使わず、最後に牌セットを測るのに取っておく写真の割合。0 から 1 まで (1 は含まない): 0.2 なら"
                      f"5分の1を取っておきます (牌セットはそれを覚えません。少なくとも {HOLD_OUT_MIN}枚、写真が "
                      f"{HOLD_OUT_LEAST}枚以上のときだけ。指定がなければ、ラベル付けのページ (またはその「この牌を覚え"
                      f"させる」) のデータセットでは {HOLD_OUT:g}、ほかは 0。0: すべての写真を覚えます)",
        "--no-detector-crops": "ラベルの枠だけで学習します (指定しなければ、`read` が切り出すのと同じく、同梱の検出器が"
                               "見つけた枠でも写真を切り出します)",
        "--orient-minutes": f"牌セットの向きのモデルの学習時間 (分。指定がなければ {ORIENT_MINUTES:g}。0: 学習せず、"
                            "手牌の向きは同梱のモデルが判断します)",
        "--orient-threshold": "手牌を逆さに読む、向きの投票のしきい値: 牌ごとの「逆さ」の対数オッズの平均で、割合では"
                              f"なく、どんな有限の数でも (指定がなければ {ORIENT_THRESHOLD:g}。大きいほど逆さに読む"
                              "手牌が減ります)",
        "--orient-only": "前に登録した牌セット --name の、向きのモデルだけを学習します (分類器はそのまま)",
        "--replace": "--name の牌セットがもう登録されていれば上書きします (付けなければ断ります)",
        "--seed": "取っておく写真と学習の乱数のシード (指定がなければ 0)",
    }


def main(argv: list[str], on_progress: Callable[[str, float], None] | None = None,
         on_warning: Callable[[str, str], None] | None = None, *, read_hint: bool = True,
         compact: bool = False) -> int:
    """Enrol a tile set: read crops, fine-tune, export to ``vision.detector.new_tileset_dir(name)``.
    ``on_progress(stage, fraction)``: told each stage ("crops", "training", "export") as it starts and the
    share of the training done as it goes (for a caller that shows progress, such as the Label page).
    ``on_warning(english, japanese)``: told what the labelled tiles leave the set unable to read well
    (also printed). One enrolment of a set at a time (two datasets' Teach, or a command beside the page,
    wrote one set's files at once): a second is refused while the first runs.
    ``read_hint``: end with the ``tilelens read`` command that reads with the set (False for a caller whose
    set is a temporary one, deleted once it is used). ``compact``: the training's progress as one line updated in
    place on a terminal, else in a log a line 5 s in, then every 30 s (``ProgressLine``), not a line of loss per
    epoch (`label teach`: 150 lines for 2 minutes)."""
    a = _parse(argv)
    a.read_hint, a.lang, a.on_warning, a.compact = read_hint, cli_lang(), on_warning, compact or bool(_COMPACT)
    refuse_without_torch("enrolling a tile set", "牌セットの登録")  # before its warnings, not after them
    from vision.detector import new_tileset_dir

    with _enrolling(new_tileset_dir(a.name, a.models), a.name):
        return _main(a, on_progress, on_warning)


# ``compact_progress``'s blocks, the innermost last: each one's ``detail`` of a progress line (``ProgressLine``)
_COMPACT: list[Callable[[], str]] = []


def _no_detail() -> str:
    return ""


@contextlib.contextmanager
def compact_progress(detail: Callable[[], str] = _no_detail):
    """Within the block, :func:`main` shows its training's progress as ``compact`` says (`tilelens label teach`,
    which calls it with the page's callbacks), each line ending with what ``detail()`` says then
    (``tilelens.labelling.teach.timed_progress``: " (1.2 of about 2.8 min in all)")."""
    _COMPACT.append(detail)
    try:
        yield
    finally:
        _COMPACT.pop()


def _writable_or_refused(folder: Path, option: str, given: Path | None) -> None:
    """``EnrollError`` where ``folder`` (the option ``option``'s, ``given``: None where its default is taken) cannot
    be made and written in: a file where it or a folder above it must be, or the nearest folder there that this user
    may not write in. Said before the data is read (a run refused only at its end wasted its minutes)."""
    named = f"{option} {given}: " if given is not None else ""
    for place in (folder, *folder.parents):
        if not place.exists():
            continue
        if not place.is_dir():
            raise EnrollError(f"{named}{place} is a file, not a folder", f"{named}{place} はファイルで、フォルダではありません")
        if not os.access(place, os.W_OK | os.X_OK):
            what, what_ja = (("the tile set is written there", "牌セットはそこに書き出します") if option == "--models" else
                             ("the run's checkpoints are written there", "学習のチェックポイントはそこに書き出します"))
            if option == "--models" and given is None and _in_home(folder):  # the user's sets, in TILELENS_HOME
                raise EnrollError(f"{place} cannot be written: {what}; set TILELENS_HOME to a folder you may write in",
                                  f"{place} に書き込めません: {what_ja}。書き込めるフォルダを TILELENS_HOME に指定してください")
            raise EnrollError(f"{named}{place} cannot be written: {what}; give {option} a folder you may write in",
                              f"{named}{place} に書き込めません: {what_ja}。書き込めるフォルダを {option} に指定してください")
        return


def _in_home(folder: Path) -> bool:
    """Whether ``folder`` is the user's tile sets' (``vision.detector.user_tilesets_dir``, in ``TILELENS_HOME``)."""
    from vision.detector import user_tilesets_dir

    return folder == user_tilesets_dir()


def _enrolling(out: Path, name: str) -> AbstractContextManager[None]:
    """Hold the tile set ``out`` for this enrolment (``vision.locks``): ``EnrollError`` when another run
    holds it."""
    from vision.locks import held_alone

    return held_alone(f"enroll:{out.resolve()}", lambda: EnrollError(
        f"tile set {name!r} is being enrolled by another run (another dataset's Teach, or a command): wait for it "
        "to end, or choose another name",
        f"牌セット「{name}」は別の登録 (ほかのデータセットの学習かコマンド) が作っているところです。"
        "終わるのを待つか、別の名前にしてください"))


def _main(a: argparse.Namespace, on_progress: Callable[[str, float], None] | None,
          on_warning: Callable[[str, str], None] | None) -> int:
    if not NAME_RE.match(a.name):
        raise EnrollError(f"tile set name {a.name!r} must be lower-case letters, digits, '-' or '_'",
                          f"牌セットの名前{quoted_ja(a.name)}には、小文字の英字・数字・'-'・'_' だけを使ってください")
    game_name_refused(a.name)
    if a.game and a.game != "none":  # a misspelt game is said now (with the near one), not after the crops
        from scorer.catalog import GAMES_DIR, load_game
        from vision.recognizer import game_file

        source = load_game(a.game).source
        where = game_file(a.game)  # a game file: kept by its absolute path, read from any folder, not as typed
        if where is None and source.endswith(".toml") and Path(source).parent != GAMES_DIR:
            where = game_file(source)  # a game added in the app, named by its id: its file, as the app names it
        a.game = str(where) if where is not None else a.game
    if a.orient_only and a.orient_minutes <= 0:
        raise EnrollError(f"--orient-minutes must be positive, got {a.orient_minutes:g}",
                          f"--orient-minutes は 0 より大きくしてください (いま {a.orient_minutes:g})")
    from vision.cropset import from_dir, labelled_counts
    from vision.detector import find_tileset, new_tileset_dir, tileset_dirs
    from vision.recognizer import default_models_dir, read_tileset_meta

    start = time.monotonic()
    tell = on_progress or _silent
    tell("crops", 0.0)
    models = a.models or default_models_dir()
    out = new_tileset_dir(a.name, models)  # $TILELENS_HOME/tilesets/NAME: an installed package, a checkout with it set
    restore_replaced(out.parent, own=a.name)  # a --replace cut short between its moves: the old set back first
    found = find_tileset(a.name, models)  # there, or a shipped set of that name
    if a.orient_only and found is None:
        raise EnrollError(f"--orient-only: no tile set {a.name!r} in {' or '.join(map(str, tileset_dirs(models)))}: "
                          f"enrol it first", f"牌セット{quoted_ja(a.name)}がまだ登録されていません")
    if found is not None and not a.orient_only and not a.replace:
        # a shipped set, or one taught into a checkout before TILELENS_HOME held them: left there, read after the new
        yours = "" if found == out else f" (yours, written to {out}, is then read before the one in {found.parent})"
        yours_ja = "" if found == out else f" (置き換えると {out} に書き出し、{found.parent} のものより先に読みます)"
        raise EnrollError(f"a tile set {a.name!r} is enrolled already ({found}): choose another --name, or "
                          f"--replace to write over it{yours}",
                          f"牌セット{quoted_ja(a.name)}はもう登録されています ({found}): 別の名前にするか、置き換えてください"
                          f"{yours_ja}")
    # what may be told without reading the data, before its warnings and the seconds of cutting its tiles out: the
    # folders the run writes in, and a run to resume
    _writable_or_refused(out.parent, "--models", a.models)
    work = a.work or Path("runs/enroll") / a.name
    _writable_or_refused(work, "--work", a.work)
    if a.resume and not a.orient_only:
        from vision.classifier_train import TrainConfig, check_resume

        check_resume(work / "last.pt", None, TrainConfig())  # its tile kinds are checked once they are read
    meta = read_tileset_meta(found) if a.orient_only else None  # a damaged one is said before any training
    base, base_game = (None, "") if a.orient_only else resolve_base(a.base, models)
    if base is not None:  # a bad checkpoint is said before the crops are read, not after
        from vision.classifier_train import load_checkpoint

        a.width = int(load_checkpoint(base, ("config",))["config"]["width"])
    elsewhere_warned(a.data, on_warning)  # before the photos are cut up
    if not a.orient_only:
        accepted_said(a.data, on_warning, a.base)  # a pre-label nobody checked teaches its mistakes
    unreadable_refused(a.data)  # every photo that cannot be read named at once, before any is cut up
    val = val_crops(a.val) if a.val and not a.orient_only else None  # a bad --val said now, not once --data is cut
    labelled = _with_line(from_dir, a.data, detector=None if a.no_detector_crops else _detector(models))
    data = labelled.named()  # a photo set's `back` and `tile` boxes are not kinds to learn
    classes = labelled.classes  # its crops let go, not held through the training (600 MB of 1,500 photos)
    del labelled
    kinds_not_ascii_refused(data.classes, a.data)
    counts = data.counts()
    present = [c for c, n in zip(data.classes, counts) if n > 0]
    if len(present) < 2:
        raise EnrollError(f"{a.data}: enrolment needs labelled tiles of at least two kinds, found "
                          f"{len(present)}", f"登録には2種類以上の牌のラベルが必要です ({len(present)}種類しかありません)")
    if a.orient_only:
        photos = len(np.unique(data.groups))
        if orientation_too_few(a.data, photos):  # as an enrolment of so few leaves it: refused before any training
            raise EnrollError(*(_said("orient_only_too_few", lang, photos=photos, least=ORIENT_LEAST_PHOTOS,
                                      data=a.data, s=_s(photos), are=_are(photos)) for lang in ("en", "ja")))
        if isinstance(meta.get("photos_sha256"), list):  # its orientation model learns these photos too
            meta["photos_sha256"] = sorted(set(meta["photos_sha256"]) | set(learnt_digests(a.data, data.groups)))
        if found != out:  # a shipped set: the user's copy of it gets the orientation model, and is read first
            import shutil

            shutil.copytree(found, out, dirs_exist_ok=True)
        enroll_orientation(a, data, out, meta, time.monotonic() - start, tell)
        return 0
    game = "" if a.game == "none" else (a.game or inherited_game(list(data.classes), base_game))
    tiles = labelled_counts(a.data)
    if tiles is not None:  # per kind of the data.yaml: the kinds learnt
        tiles = [dict(zip(classes, tiles.tolist()))[c] for c in data.classes]
    per_kind = counts if tiles is None else tiles
    from tilelens.labelling.kinds import absent_kinds

    absent = absent_kinds(data_yaml_of(a.data) or a.data)  # the kinds the set does not have: no warning of them
    a.absent = list(absent)  # and the tile set says them (tileset.json's "absent"): its readings never ask for them
    own = own_kind_names(data_yaml_of(a.data))  # the kinds the dataset added, by the names it gave them (秋, not f3)
    # a set of no game (flowers among its kinds) says the kinds in Japanese by its base game's names (二萬 (2m))
    names = game or naming_game(base, base_game)
    val = None if val is None else val_kinds(val, list(data.classes), a.val)
    data, a.held_out = held_out_split(a, data)
    if a.held_out is not None:  # the kinds the set learns are those of the photos not kept out: counted after
        per_kind = np.maximum(np.asarray(per_kind) - np.asarray(a.held_out.counts()), 0)
    hold_out = labelling_dataset(a.data) != "job"  # a Teach has no --hold-out: not named there
    for warning, warning_ja in zip(
            coverage_warnings(list(data.classes), per_kind, game, absent=absent, own=own, held_only=a.held_only,
                              hold_out=hold_out),
            coverage_warnings(list(data.classes), per_kind, game, japanese=True, absent=absent, own=own, names=names,
                              held_only=a.held_only, hold_out=hold_out)):
        print(_said("warning", a.lang, text=warning_ja if a.lang == "ja" else warning), file=sys.stderr)
        if on_warning:
            on_warning(warning, warning_ja)
    return enroll(a, data, models, base, game, val, start, tell)


UNREADABLE_SHOWN = 5  # photos that cannot be read an enrolment names one by one (the rest counted)


def photos_to_read(data: Path | str) -> list[Path]:
    """The photo files ``vision.cropset.from_dir`` reads of ``--data``: the photos of its data.yaml that have a label
    file, or the crops of a folder of crops (one folder per kind). Empty where they cannot be listed (``from_dir``
    then says why, in one line)."""
    from vision.cropset import yolo_images
    from vision.data_yaml import IMAGE_SUFFIXES
    from vision.detector_data import label_path_of

    data_yaml = data_yaml_of(data)
    root = Path(data)
    try:
        if data_yaml is not None:
            return [p for p in yolo_images(data_yaml) if label_path_of(p).is_file()]
        if not root.is_dir() or (root / "images").is_dir() and (root / "labels").is_dir():
            return []  # no data.yaml where one is needed: said by ``from_dir``
        return [f for kind in sorted(root.iterdir()) if kind.is_dir() and not kind.name.startswith(".")
                for f in sorted(kind.iterdir()) if f.suffix.lower() in IMAGE_SUFFIXES]
    except (TilelensInputError, OSError):
        return []


def unreadable_refused(data: Path | str) -> None:
    """``EnrollError`` naming every photo of ``--data`` (:func:`photos_to_read`) that cannot be read (empty, cut short,
    not a photo: ``tilelens.labelling.yolo.image_size``, in ``label check``'s words), before any is cut up: the
    cutting stopped at the first, and a folder of three took three runs to learn of them. ``UNREADABLE_SHOWN`` of them
    named with why, the rest counted; a labelled dataset's (or a Teach job's) pointing to ``tilelens label check``."""
    from tilelens.labelling.yolo import LabelFileError, image_size, relpath, unreadable_issue

    bad = []
    for photo in photos_to_read(data):
        try:
            image_size(photo)
        except LabelFileError as exc:
            bad.append((photo, exc))
    if not bad:
        return
    data_yaml = data_yaml_of(data)
    job = labelling_dataset(data) == "job"
    root = data_yaml.parents[2] if job else data_yaml.parent if data_yaml is not None else Path(data)
    n, more = len(bad), len(bad) - UNREADABLE_SHOWN

    def said(lang: str) -> str:
        items = []
        for photo, exc in bad[:UNREADABLE_SHOWN]:
            issue = unreadable_issue(relpath(root, photo), exc)
            why = issue.message_ja.rstrip("。") if lang == "ja" and issue.message_ja else issue.message
            items.append(f"{issue.path}: {why}")
        photos = WORDS[lang]["unreadable_list"].join(items)
        photos += _said("unreadable_more", lang, n=more) if more > 0 else ""
        command = shlex.quote(str(root))
        check = _said("unreadable_check", lang, command=command) if data_yaml is not None else ""
        return _said("unreadable_job" if job else "unreadable", lang, n=n, s=_s(n), dir=root, photos=photos,
                     them="it" if n == 1 else "them", command=command, check=check)

    raise EnrollError(said("en"), said("ja"))


def _val_said(val: Path, english: str, japanese: str) -> tuple[str, str]:
    """``english`` and ``japanese``, said of ``--val`` ``val``: the option first, the path too where they do not
    name it (a problem of --val is not taken for one of --data)."""
    named = "--val: " if str(val) in english else f"--val {val}: "
    return named + english, named + (japanese or english)


def val_crops(val: Path):
    """The face crops of ``--val`` ``val`` (``vision.cropset.from_dir``, without the detector's; ``back`` and
    ``tile`` left out), read before any of --data's is cut (that takes minutes with the detector, and --val was said
    only then) and checked as --data's photos are: every photo that cannot be read named at once
    (:func:`unreadable_refused`), a bad label line by its number (:func:`_with_line`). ``EnrollError`` naming --val
    where it is not there, holds nothing labelled, or only backs (the run then measured nothing, and said nothing)."""
    from vision.cropset import from_dir

    try:
        unreadable_refused(val)
        crops = _with_line(from_dir, val).named()
    except TilelensInputError as exc:
        raise EnrollError(*_val_said(val, str(exc), exc.message_ja)) from None
    if not len(crops):
        raise EnrollError(*_val_said(val, "no tile face labelled to measure on (only backs or hidden tiles)",
                                     "測るための表向きの牌のラベルがありません (裏向きか隠れた牌だけです)"))
    return crops


def val_kinds(crops, classes: list[str], val: Path):
    """The ``--val`` crops ``crops`` (:func:`val_crops`) labelled by the kinds ``classes`` the set learns;
    ``EnrollError`` naming --val and its kinds --data does not name (a kind --val names but never labels is none)."""
    from vision.cropset import CropSet

    labelled = [c for c, n in zip(crops.classes, crops.counts()) if n > 0]
    if missing := [c for c in labelled if c not in classes]:
        kinds = ", ".join(missing)
        raise EnrollError(f"--val {val} holds tile kinds --data does not name: {kinds}; measure the set on the "
                          f"kinds it learns",
                          f"--val {val} に、--data にない牌の種類があります: {kinds}。牌セットが覚える種類で"
                          f"測ってください")
    table = np.array([classes.index(c) if c in classes else -1 for c in crops.classes], np.int64)
    return CropSet(crops.images, table[crops.labels], list(classes), crops.groups)


_BAD_LINE = re.compile(r"(?P<file>.+?): YOLO label line needs (?:numbers )?'cls xc yc w h', got (?P<got>'.*')$", re.S)


def _with_line(read, *args, **kwargs):
    """``read(*args, **kwargs)`` (``vision.cropset.from_dir``), its error for a label line it cannot parse naming the
    line's number too (``a.txt:17: ...``), as ``tilelens label check`` names it."""
    import ast

    from vision.cropset import CropDataError

    try:
        return read(*args, **kwargs)
    except CropDataError as exc:
        found = _BAD_LINE.match(str(exc))
        try:
            got = ast.literal_eval(found["got"]) if found else None
            lines = Path(found["file"]).read_text(encoding="utf-8", errors="replace").splitlines() if found else []
        except (OSError, ValueError, SyntaxError):
            lines = []
        at = next((n for n, line in enumerate(lines, 1) if " ".join(line.split()) == got), None)
        if at is None:
            raise
        where = f"{found['file']}:{at}"
        raise CropDataError(where + str(exc)[len(found["file"]):],
                            (exc.message_ja or str(exc)).replace(found["file"], where, 1)) from None


HOLD_OUT = 0.2  # the share of a photo dataset's photos kept out to measure the set on (``held_out_split``)
HOLD_OUT_LEAST = 10  # photos a dataset needs before some are kept out to measure the set on
HOLD_OUT_MIN = 2  # photos kept out at the least (one photo's tiles say little)


def held_out_count(photos: int, share: float = HOLD_OUT) -> int:
    """How many of ``photos`` photos an enrolment keeps out to measure the set on, ``share`` of them: at least
    ``HOLD_OUT_MIN``, never all, and none for fewer than ``HOLD_OUT_LEAST``.

    >>> held_out_count(9), held_out_count(10), held_out_count(20), held_out_count(40, 0.5)
    (0, 2, 4, 20)
    """
    return 0 if photos < HOLD_OUT_LEAST else min(max(HOLD_OUT_MIN, round(share * photos)), photos - 1)


def held_out_split(a: argparse.Namespace, data):
    """The crops to learn and those kept out to measure the set on: ``a.hold_out`` of the photos of a photo
    dataset (at least ``HOLD_OUT_MIN``, chosen by ``a.seed``) when it has ``HOLD_OUT_LEAST`` or more, else none
    (said either way); by default only for a dataset of the Label page or its Teach (``labelling_dataset``: the
    accepted photos), not for one made elsewhere. A folder of crops, a ``--val`` given or ``--hold-out 0`` keep
    none out. The photos kept out
    stay out of the tile set (measured, they would not be photos it never saw; nor are they in its
    ``photos_sha256``, so ``tilelens eval`` measures them as unseen too)."""
    share = a.hold_out if a.hold_out is not None else HOLD_OUT if labelling_dataset(a.data) else 0.0
    a.held_only = []  # kinds only the photos kept out show: none kept out, none
    if data_yaml_of(a.data) is None or a.val or share <= 0:
        return data, None
    photos = sorted({str(g) for g in data.groups})
    lang = getattr(a, "lang", None) or cli_lang()
    which = "" if not labelling_dataset(a.data) else "OK にした" if lang == "ja" else "accepted "
    if labelling_dataset(a.data) == "dataset":  # measured on labels a person checked: the accepted photos
        from tilelens.labelling.store import load_done

        accepted = {Path(p).name for p in load_done(data_yaml_of(a.data).parent)}
        photos = [p for p in photos if p in accepted]
    every = _photos_listed(a.data, labelling_dataset(a.data) == "dataset")
    if not photos and labelling_dataset(a.data) == "dataset":  # none accepted: all learnt, none measured on
        total = _photos_listed(a.data, False)
        print(_said("held_out_unaccepted", lang, root=data_yaml_of(a.data).parent, total=total, least=HOLD_OUT_LEAST,
                    s=_s(total), are=_are(total)))
        return data, None
    count = _said("count" if every <= len(photos) else "count_tiles", lang, total=len(photos), every=every,
                  which=which, s=_s(max(every, len(photos))))
    # "4 accepted photos (3 with tiles)": teaching counts the 4 (a photo with no tiles)
    n = held_out_count(len(photos), share)
    if not n:
        print(_said("held_out_none", lang, count=count, least=HOLD_OUT_LEAST, are=_are(max(every, len(photos)))))
        return data, None
    kept, lost = photos_kept_out(photos, data, n, a.seed)
    a.held_only = [data.classes[k] for k in lost]  # said with the kinds the set does not learn (``coverage_warnings``)
    mask = np.array([str(g) in kept for g in data.groups], bool)
    # rows of the crops, not copies (read a batch at a time, never written), so 1,500 photos' 600 MB are held once
    held = labelled_boxes_only(data_yaml_of(a.data), data.subset(mask, view=True))
    # `tilelens enroll` has --hold-out; a Teach (`label teach`, the page's) has none: not named there
    every_one = "" if labelling_dataset(a.data) == "job" else _said("held_out_all", lang)
    print(_said("held_out", lang, held=n, count=count, tiles=len(held), all=every_one))
    return data.subset(~mask, view=True), held


KEEP_OUT_STEPS = 20_000  # photos tried, at most, looking for those to keep out that leave every kind learnt


def photos_kept_out(photos: list[str], data, n: int, seed: int | None) -> tuple[set[str], list[int]]:
    """Which ``n`` of ``photos`` (names of ``data``'s groups) :func:`held_out_split` keeps out, and the kinds (indices
    of ``data.classes``) the set then never learns. In an order drawn by ``seed``, the first ``n`` that take no kind's
    last photo from those learnt (every photo of ``data`` not kept out, accepted or not: searched, trying at most
    ``KEEP_OUT_STEPS`` photos); where none are found, each next the first taking the fewest (those kinds lost, and
    said). Drawn at random instead, 3 of 15 photos kept out were the only photos of 7 kinds, which the set
    never learnt; a greedy pass (no backtracking) lost a kind where a choice losing none existed."""
    shows: dict[str, tuple[int, ...]] = {}
    for group, kind in zip(data.groups.tolist(), np.asarray(data.labels).tolist()):
        if kind >= 0:
            shows[str(group)] = tuple(sorted({*shows.get(str(group), ()), int(kind)}))
    photos_of: dict[int, int] = {}
    for kinds in shows.values():
        for kind in kinds:
            photos_of[kind] = photos_of.get(kind, 0) + 1
    order = [str(p) for p in np.random.default_rng(seed).permutation(np.array(photos, dtype=object))]
    n = min(n, len(order))
    chosen: list[int] = []  # indices of ``order``: depth first, in the drawn order, a loop (no recursion limit)
    i, steps = 0, KEEP_OUT_STEPS
    while len(chosen) < n and steps > 0:
        last = len(order) - (n - len(chosen))  # the last index a next photo can have, enough left after it
        while i <= last and steps > 0:
            steps -= 1
            if not any(photos_of[k] == 1 for k in shows.get(order[i], ())):
                break
            i += 1
        if i <= last and steps > 0:  # taken: no kind loses its last photo learnt
            for k in shows.get(order[i], ()):
                photos_of[k] -= 1
            chosen.append(i)
            i += 1
        elif chosen:  # none fits after the last taken: try the next in its place
            j = chosen.pop()
            for k in shows.get(order[j], ()):
                photos_of[k] += 1
            i = j + 1
        else:
            break
    if len(chosen) == n:
        return {order[j] for j in chosen}, []
    for j in chosen:  # a search cut short leaves its last path taken: put back
        for k in shows.get(order[j], ()):
            photos_of[k] += 1
    kept: set[str] = set()
    lost: list[int] = []
    for _ in range(n):
        best, fewest = 0, None
        for i, photo in enumerate(order):
            loses = sum(photos_of[k] == 1 for k in shows.get(photo, ()))
            if fewest is None or loses < fewest:
                best, fewest = i, loses
                if not loses:
                    break
        photo = order.pop(best)
        kept.add(photo)
        for kind in shows.get(photo, ()):
            photos_of[kind] -= 1
            if not photos_of[kind]:
                lost.append(kind)
    return kept, sorted(lost)


def held_unlearnt(learnt, held) -> int:
    """How many of the tiles ``held`` kept out to measure the set on are of kinds none of its crops ``learnt`` show:
    the set cannot read them (``tileset.json``'s ``held_out`` ``unlearnt``, said by :func:`poor_words`)."""
    if held is None or not len(held):
        return 0
    never = np.asarray(learnt.counts()) == 0
    labels = np.asarray(held.labels)
    return int(never[labels[labels >= 0]].sum())


def _s(n: int) -> str:
    """The plural ending of a count: "" for one."""
    return "" if n == 1 else "s"


def _are(n: int) -> str:
    return "is" if n == 1 else "are"


def _photos_listed(data: Path | str, accepted_only: bool) -> int:
    """How many photos with a label file the ``--data`` names (``accepted_only``: of those a person accepted), those
    with no tile among them: the crops' groups count only those that show tiles. 0 where they cannot be listed."""
    from tilelens.labelling.store import load_done
    from tilelens.labelling.yolo import relpath
    from vision.cropset import yolo_images
    from vision.detector_data import label_path_of

    data_yaml = data_yaml_of(data)
    try:
        photos = [p for p in yolo_images(data_yaml) if label_path_of(p).is_file()]
    except (TilelensInputError, OSError):
        return 0
    if accepted_only:
        done = load_done(data_yaml.parent)
        photos = [p for p in photos if relpath(data_yaml.parent, p) in done]
    return len(photos)


def labelled_boxes_only(data_yaml: Path, crops):
    """The crops of ``crops`` cut at a labelled box, one per labelled tile: the detector's crops of the same
    tiles (``vision.cropset.from_yolo`` adds them after each photo's labelled ones) left out, so that each tile
    counts once when the set is measured."""
    from vision.cropset import yolo_images, yolo_names
    from vision.detector_data import label_path_of
    from vision.eval_data import NAMELESS

    names = yolo_names(data_yaml)
    faces = {str(i) for i, c in enumerate(names) if c not in NAMELESS}
    labelled, groups = {}, set(crops.groups.tolist())
    for path in yolo_images(data_yaml):
        if path.name in groups and label_path_of(path).is_file():
            lines = label_path_of(path).read_text(encoding="utf-8").splitlines()
            labelled[path.name] = sum(bool(line.split()) and line.split()[0] in faces for line in lines)
    seen: dict[str, int] = {}
    keep = []
    for g in crops.groups.tolist():
        seen[g] = seen.get(g, 0) + 1
        keep.append(seen[g] <= labelled.get(g, 0))
    return crops.subset(np.array(keep, bool), view=True)


def data_yaml_of(data: Path | str) -> Path | None:
    """The data.yaml a ``--data`` names (the file, or the one in the folder), None for a folder of crops."""
    data = Path(data)
    if data.is_file() and data.suffix in {".yaml", ".yml"}:
        return data
    return data / "data.yaml" if (data / "data.yaml").is_file() else None


def labelling_dataset(data: Path | str) -> str:
    """What ``--data`` is, as tilelens labelling made it: ``"job"`` for a Teach job's data.yaml (the Label page's,
    or ``tilelens label teach``'s: the accepted photos only), ``"dataset"`` for a Label page's dataset (its
    ``data.yaml`` names a ``game`` or ``tileset``, or it has a done list), ``""`` for anything else (a dataset
    made elsewhere, a folder of crops)."""
    from tilelens.labelling.store import PROGRESS_FILE
    from tilelens.labelling.yolo import read_data_yaml

    data_yaml = data_yaml_of(data)
    if data_yaml is None or data_yaml.name != "data.yaml":
        return ""
    root = data_yaml.parent
    if root.name == JOB_DIR.name and root.parent.name == JOB_DIR.parent.name:
        return "job"
    if (root / PROGRESS_FILE).is_file():
        return "dataset"
    try:
        config = read_data_yaml(root)
    except TilelensInputError:  # the reading says what is wrong with it, in one line
        return ""
    return "dataset" if config.game or config.tileset else ""


JOB_DIR = Path(".tilelens") / "teach"  # where a dataset's Teach job writes its data.yaml (tilelens.labelling.teach)


def dataset_id_of(data: Path | str) -> str | None:
    """The id of the labelling dataset ``data`` is (``tilelens.labelling.teach.dataset_id``): a Teach job's data.yaml
    says it (``dataset_id``), a dataset's own folder keeps it in ``.tilelens/dataset-id``; None for anything else."""
    import yaml

    data_yaml = data_yaml_of(data)
    if data_yaml is None:
        return None
    try:
        loaded = yaml.safe_load(data_yaml.read_text(encoding="utf-8", errors="replace"))
    except (OSError, yaml.YAMLError, RecursionError, ValueError):
        loaded = None
    ident = loaded.get("dataset_id") if isinstance(loaded, dict) else None
    if isinstance(ident, str) and re.fullmatch(r"[0-9a-f]{32}", ident):
        return ident
    if labelling_dataset(data) != "dataset":
        return None
    from tilelens.labelling.teach import dataset_id

    return dataset_id(data_yaml.parent)


def accepted_words(data: Path | str, base: str | None = None) -> tuple[str, str, bool] | None:
    """How many of the photos of a labelling dataset ``data`` (its data.yaml: the Label page's, with a ``game`` or
    ``tileset``, or with a done list) a person accepted there (``tilelens.labelling.load_done``), in English and
    Japanese, and whether that is a warning (some learnt unchecked). None for a dataset made elsewhere (no done
    list: nothing to say), a folder of crops, or a Teach job's own data.yaml (its photos are the accepted ones).
    The `label teach` it names keeps ``base`` (the enrolment's --base), else the one `label init` names for the
    dataset (``tilelens.labelling.teach.dataset_base``): without one it would learn from scratch."""
    from tilelens.labelling.store import load_done
    from tilelens.labelling.teach import dataset_base
    from tilelens.labelling.yolo import relpath
    from vision.cropset import yolo_images
    from vision.detector_data import label_path_of

    if labelling_dataset(data) != "dataset":
        return None
    data_yaml = data_yaml_of(data)
    root = data_yaml.parent
    try:
        photos = [p for p in yolo_images(data_yaml) if label_path_of(p).is_file()]
    except TilelensInputError:  # the reading says what is wrong with it, in one line
        return None
    done = load_done(root)
    total, n = len(photos), sum(relpath(root, p) in done for p in photos)
    if not total:
        return None
    base = shlex.quote(base or dataset_base(root))
    teach_cmd = f"`tilelens label teach {shlex.quote(str(root))} --name NAME --base {base}`"
    if n == total:
        return (f"all {total} photos of {root} are accepted",  # on the page or with `label accept`
                f"{root} の写真 {total}枚はすべて OK にしたものです", False)
    rest = total - n
    if n == 0:
        english = (f"none of the {total} photos of {root} is accepted on the Label tiles page: nobody checked their "
                   f"labels, and the set learns a pre-label's mistakes as they are; accept the photos whose boxes "
                   f"and tiles are right (the app's Label tiles page), then teach those only with {teach_cmd}")
    else:
        english = (f"only {n} of the {total} photos of {root} are accepted on the Label tiles page: the set learns the "
                   f"labels of the {rest} unchecked too; accept them first, or teach the accepted ones only with "
                   f"{teach_cmd}")
    japanese = (f"{root} の写真 {total}枚のうち OK にしたのは {n}枚です: 残りの {rest}枚は誰も確かめていないラベルの"
                f"まま覚えます (事前ラベルの間違いもそのまま)。アプリの「ラベル付け」のページで枠と牌が正しい写真を OK にし、"
                f"{teach_cmd.replace('NAME', '名前')} で OK にした写真だけを覚えさせてください")
    return english, japanese, True


def accepted_said(data: Path | str, on_warning: Callable[[str, str], None] | None = None,
                  base: str | None = None) -> None:
    """Say on stderr how many photos of a labelling dataset were accepted (:func:`accepted_words`, naming ``base``):
    a warning (also to ``on_warning``) when some were not; nothing for a dataset made elsewhere."""
    said = accepted_words(data, base)
    if said is None:
        return
    english, japanese, warning = said
    lang = cli_lang()
    text = japanese if lang == "ja" else english
    print(_said("warning", lang, text=text) if warning else text, file=sys.stderr)
    if warning and on_warning:
        on_warning(english, japanese)


def elsewhere_warned(data: Path | str, on_warning: Callable[[str, str], None] | None = None) -> None:
    """Say (on stderr, and to ``on_warning``) when the data.yaml of ``data`` has the photos read from another
    folder than its own, which holds them too (``vision.data_yaml.photos_read_elsewhere``: a dataset folder
    copied here, its ``path:`` naming the old one): enrolment learns that folder's photos, not these."""
    from vision.data_yaml import elsewhere_words, photos_read_elsewhere

    data_yaml = data_yaml_of(data)
    folder = photos_read_elsewhere(data_yaml, "train", "train") if data_yaml else None
    if folder is None or not folder.is_dir():  # a folder gone: the reading says so, in one line
        return
    english, japanese = elsewhere_words(data_yaml, folder)
    lang = cli_lang()
    print(_said("warning", lang, text=japanese if lang == "ja" else english), file=sys.stderr)
    if on_warning:
        on_warning(english, japanese)


def learnt_digests(data: Path | str, groups) -> list[str]:
    """The content digests (``vision.data_yaml.photo_sha256``, sorted) of the photos (or crop files) of
    ``data`` that gave crops to learn from (``groups``: each crop's file name): what ``tileset.json`` records
    as ``photos_sha256``, so that ``tilelens eval`` can say when it measures a set on photos it learned from,
    in whatever folder they lie then."""
    from vision.cropset import yolo_images
    from vision.data_yaml import photo_sha256, photos_in
    from vision.detector_data import label_path_of

    names = {str(g) for g in groups}
    data_yaml = data_yaml_of(data)
    files = ([p for p in yolo_images(data_yaml) if label_path_of(p).is_file()] if data_yaml
             else photos_in(data) if Path(data).is_dir() else [])
    return sorted({photo_sha256(p) for p in files if p.name in names})


def kinds_not_ascii_refused(kinds, where: Path | str) -> None:
    """``EnrollError`` naming ``where`` (the data.yaml or crop folder) for tile kinds not named in ASCII: a
    tile set's model files keep ASCII ids, so a set of them trained for minutes and could never be read."""
    not_ascii = [c for c in kinds if not c.isascii() or not c.strip()]
    if not_ascii:
        shown, shown_ja = ", ".join(map(repr, not_ascii[:6])), "、".join(map(quoted_ja, not_ascii[:6]))
        raise EnrollError(f"{where}: tile kinds must be named in ASCII (like 1m, 5z, f1, yokai-01), not {shown}: "
                          f"rename them in the data.yaml or the crop folders",
                          f"{where}: 牌の種類名は ASCII で付けてください (1m, 5z, f1 など): {shown_ja}")


def game_name_refused(name: str) -> None:
    """``EnrollError`` for a tile set named like a game: as a ``--base`` it would hide that game's shipped
    model (and the Teach picker would say the game's model while meaning the set)."""
    from scorer.catalog import list_games

    if name in list_games():
        raise EnrollError(f"tile set name {name!r} is a game's: choose another (e.g. {name}-home)",
                          f"牌セットの名前{quoted_ja(name)}はゲームの名前です: 別の名前にしてください (例: {name}-home)")


def inherited_game(classes: list[str], base_game: str) -> str:
    """The game a tile set takes from its base: the base's game when it names every kind of the data,
    else none. A Hong Kong set enrolled from the riichi classifier holds flowers and four plain fives, so
    riichi's inventory (three plain fives, no flowers) must not limit its readings.

    >>> inherited_game(["1m", "5m"], "tokyo-mahjong"), inherited_game(["1m", "f1"], "tokyo-mahjong")
    ('tokyo-mahjong', '')
    """
    return base_game if catalog_tiles(base_game, classes) else ""


def naming_game(base: Path | None, base_game: str) -> str:
    """The game whose names the Japanese warnings of an enrolment say its kinds by, where the set is of no game (a
    Hong Kong set's flowers: ``inherited_game``): its base's (``resolve_base``): ``base_game``, else the game of
    the classifier file ``base`` (``classifier-tokyo-mahjong.pt``), or, for a tile set's ``classifier.pt``, that set's
    game, else the classifier it started from (its ``tileset.json``'s ``game``, ``base``). "" where none is a game.

    >>> naming_game(None, "nogizaka"), naming_game(Path("m/classifier-tokyo-mahjong.pt"), ""), naming_game(None, "")
    ('nogizaka', 'tokyo-mahjong', '')
    """
    if base_game or base is None:
        return base_game
    from vision.recognizer import RecognizerError, base_game_of, classifier_game, read_tileset_meta

    if base.name != "classifier.pt":
        return classifier_game(base.name)
    try:  # a tile set's: the game it was taught for, else the classifier it started from
        meta = read_tileset_meta(base.parent)
    except RecognizerError:
        return ""
    if isinstance(meta.get("game"), str) and meta["game"]:
        return meta["game"]
    return base_game_of(meta)


def _silent(stage: str, fraction: float) -> None:
    """The progress callback of a caller that shows none."""


ORIENT_MINUTES = 1.0  # the orientation model's training, after the classifier's --minutes
ORIENT_THRESHOLD = 0.4  # a set's own orientation model: its vote at which a hand is turned round (chosen on
#                         real Hong Kong photos the model did not learn from; models/JOURNAL.md, "Which way up its
#                         tiles stand")

# A set's own orientation model learns its faces from the enrolment's photos; from a few photos it learns them badly
# and turns upright hands round. A photo dataset of fewer than ORIENT_LEAST_PHOTOS photos learnt gets no orientation
# model of its own, and reads with the shipped one; `--orient-only` refuses so few. Measured on the 119 real Hong Kong
# photos no set learnt, as taken and turned half round (models/JOURNAL.md, "Which way up a new set's tiles stand"):
# own models (a minute each, two draws of each size) from 10 to 20 photos turned 0 to 17 upright photos round (35 of
# 714 in all) and from 30 to 100 photos 1 to 3 (11 of 714); the shipped model 1, which rights only 15 turned photos
# where they right 42 to 78. From 30 the false turns fall to a few, not to the shipped model's 1 (no size up to 100
# met that in both draws), and the righted photos are worth them. Before, 10 (synthetic Pretty Cure photos only). A
# folder of crops is not counted (its photos are not known).
ORIENT_LEAST_PHOTOS = 30


def orientation_too_few(data: Path | str, photos: int) -> bool:
    """Whether an enrolment of ``data`` that learnt ``photos`` photos is too small to train the set's own orientation
    model (``ORIENT_LEAST_PHOTOS``): a photo dataset only.

    >>> orientation_too_few("/no/such/crops", 3)
    False
    """
    return data_yaml_of(data) is not None and photos < ORIENT_LEAST_PHOTOS


THIN = 3  # kinds with fewer labelled tiles were read right far less often (model card, "How many photos")


def coverage_warnings(classes: list[str], tiles, game: str = "", japanese: bool = False,
                      absent: tuple[str, ...] | list[str] = (), own: dict[str, str] | None = None,
                      names: str | None = None, held_only: tuple[str, ...] | list[str] = (),
                      hold_out: bool = True) -> list[str]:
    """What the labelled tiles per kind (``tiles``, aligned with ``classes``) leave a tile set unable to
    read well: kinds with no labelled tile (the data's own, and those of ``game``'s catalog it does not
    name at all: never read), and kinds with fewer than ``THIN`` (often misread). Empty when neither.
    ``japanese``: the same in Japanese, for the app's Japanese screens. ``absent``: kinds the set does not have
    (a dataset's ``absent:``, ``tilelens label kinds --absent``): neither warned of nor counted. ``own``: the names a
    dataset gave the kinds it added (its ``own_kinds``, ``own_kind_names``: 秋 for f3), which name them in either
    language (``kind_names``; in English with the id beside: 秋 (f3)). ``names``: the game whose Japanese names say
    the kinds, ``game`` where None (a set of no game: its base game's, ``naming_game``); its kinds are not counted.
    ``tiles`` are those the set learns (the photos kept out to measure it on not counted: ``held_out_split``);
    ``held_only``: the kinds, among those with none, that only those photos show (each of them was the only photo of
    some kind: no choice kept them all), said apart, with ``--hold-out 0`` where ``hold_out`` (not a Teach's).

    >>> coverage_warnings(["1m", "2m", "3m", "4m"], [4, 0, 2, 9])
    ['1 of 4 kinds has no labelled tile (2m): the tile set will never read it; label photos that show it', \
'1 kind has fewer than 3 labelled tiles (3m): expect it misread; label more photos that show it']
    """
    not_in_set = set(absent)
    tiles = [n for c, n in zip(classes, tiles) if c not in not_in_set]
    classes = [c for c in classes if c not in not_in_set]
    absent = [c for c, n in zip(classes, tiles) if n == 0]
    absent += [t.id for t in catalog_tiles(game, classes) or () if t.id not in classes and t.id not in not_in_set]
    total = len(set(classes) | set(absent))  # by id: counted before kinds are said by their Japanese names
    thin = [c for c, n in zip(classes, tiles) if 0 < n < THIN]
    # in Japanese a kind said by the game's name for it, its id beside it; in English by its id, as `read` says it;
    # a kind the dataset added by the name it gave it, in either: in English its id beside it (秋 (f3)), as the Label
    # page names it, the id being what `read` and the data say
    named = kind_names((game if names is None else names) if japanese else "", own)
    if not japanese:
        named = {k: f"{name} ({k})" for k, name in named.items()}
    only = [named.get(k, k) for k in absent if k in set(held_only)]
    absent, thin = [named.get(k, k) for k in absent], [named.get(k, k) for k in thin]
    out = []
    if japanese:
        if absent:
            kept_out = (f"うち{len(only)}種類 ({_listed(only, japanese=True)}) は、牌セットを測るために残した写真にしか"
                        f"写っていません (その写真はどれも、ある種類の牌が写った唯一の写真です"
                        f"{'。--hold-out 0 ならすべて覚えさせます' if hold_out else ''})。") if only else ""
            out.append(f"{total}種類のうち{len(absent)}種類はラベルの付いた牌がありません "
                       f"({_listed(absent, japanese=True)}): この牌セットには読めません。{kept_out}"
                       f"その牌の写った写真にラベルを付けてください。")
        if thin:
            out.append(f"{len(thin)}種類はラベルの付いた牌が {THIN}枚未満です ({_listed(thin, japanese=True)}): 読み違えやすくなります。"
                       f"その牌の写った写真をもっとラベル付けしてください。")
        return out
    if absent:
        it = _pronoun(absent)
        kept_out = (f" ({len(only)} of {'it' if len(absent) == 1 else 'them'}, {_listed(only)}, "
                    f"{'is' if len(only) == 1 else 'are'} only on the photos kept out to measure the set on: each of "
                    f"those photos is the only one of some kind{'; --hold-out 0 learns them all' if hold_out else ''})"
                    ) if only else ""
        out.append(f"{len(absent)} of {total} kinds {'has' if len(absent) == 1 else 'have'} no labelled tile "
                   f"({_listed(absent)}): the tile set will never read {it}; label photos that show {it}{kept_out}")
    if thin:
        it = _pronoun(thin)
        out.append(f"{len(thin)} {'kind has' if len(thin) == 1 else 'kinds have'} fewer than {THIN} labelled "
                   f"tiles ({_listed(thin)}): expect {it} misread; label more photos that show {it}")
    return out


def kind_names(game: str, own: dict[str, str] | None = None) -> dict[str, str]:
    """Each kind of ``game`` by id as a Japanese warning names it: the game's Japanese name with the id beside it, as
    ``tilelens read`` says a tile in Japanese (``vision.read_cli.names_ja``); none where the game has no other name
    for it (or there is no game, or it cannot be loaded). ``own``: a dataset's kinds of its own by the names it gave
    them (``own_kind_names``: 秋 for f3), which win over the game's; a kind given no name other than its id is said
    by its id.

    >>> kind_names("nogizaka")["rarin"], kind_names(""), kind_names("", {"f3": "秋", "f9": "f9"})
    ('らりん (rarin)', {}, {'f3': '秋'})
    """
    from vision.read_cli import WORDS, names_ja

    named = {k: WORDS["ja"]["named"].format(kind=k, name=name) for k, name in names_ja(game).items() if name != k}
    return named | {k: str(name) for k, name in (own or {}).items() if name and str(name) != k}


def own_kind_names(data: Path | str | None) -> dict[str, str]:
    """The names a dataset gave the kinds it added (its data.yaml's ``own_kinds``: f3 -> 秋), for ``coverage_warnings``:
    ``data`` is a data.yaml or the folder holding one. A Teach job's copy (``tilelens.labelling.teach``) names the
    dataset by its ``path:``: that dataset's are read where the copy says none. Empty where there are none or the
    file cannot be read."""
    import yaml

    def read(path: Path) -> dict:
        try:
            loaded = yaml.safe_load(path.read_text(encoding="utf-8", errors="replace"))
        except (OSError, yaml.YAMLError, RecursionError, ValueError):
            return {}
        return loaded if isinstance(loaded, dict) else {}

    def own(loaded: dict) -> dict[str, str]:
        found = loaded.get("own_kinds")
        return {str(k): str(v) for k, v in found.items() if v} if isinstance(found, dict) else {}

    if data is None:
        return {}
    path = Path(data)
    path = path / "data.yaml" if path.is_dir() else path
    loaded = read(path)
    found = own(loaded)
    base = loaded.get("path")
    if not found and isinstance(base, str) and base:
        folder = Path(base) if Path(base).is_absolute() else path.parent / base
        try:
            elsewhere = folder.resolve() != path.parent.resolve()
        except (OSError, RuntimeError, ValueError):  # a loop of links, a name the system refuses
            elsewhere = False
        if elsewhere:
            found = own(read(folder / "data.yaml"))
    names = loaded.get("names")
    names = set(map(str, names.values() if isinstance(names, dict) else names)) if isinstance(names, (dict, list)) \
        else None
    return {k: v for k, v in found.items() if names is None or k in names}


def _pronoun(kinds: list[str]) -> str:
    return "it" if len(kinds) == 1 else "them"


def _listed(kinds: list[str], most: int = 12, japanese: bool = False) -> str:
    more = (f"、ほか {len(kinds) - most}種類" if japanese else f" and {len(kinds) - most} more") \
        if len(kinds) > most else ""
    return ("、" if japanese else ", ").join(kinds[:most]) + more


def _detector(models: Path):
    """The shipped detector, or None when there is none yet (enrolment then uses the labels alone)."""
    from vision.detector import Detector

    path = models / "detector.onnx"
    return Detector.load(path) if path.is_file() else None


def enroll(a: argparse.Namespace, data, models: Path, base: Path | None, game: str, val=None,
           start: float | None = None, tell: Callable[[str, float], None] | None = None) -> int:
    """Train and write the tile set (the torch part, imported only here); ``start`` is when reading
    the data began (the wall time written to tileset.json counts from there)."""
    from vision.classifier import ClassifierSpec
    from vision.classifier_train import TrainConfig, export, save_weights, train

    width = a.width  # a base's own (main read it from the checkpoint)
    spec = ClassifierSpec.for_classes(data.classes, class_attributes(data.classes, game),
                                      crop_size=a.crop_size, name=a.name, game=game)
    lr = a.lr if a.lr is not None else (1.5e-3 if base is not None else 3e-3)
    cfg = TrainConfig(epochs=a.epochs or 1, minutes=None if a.epochs else a.minutes, width=width, lr=lr,
                      seed=a.seed)
    lang = getattr(a, "lang", None) or cli_lang()
    bound = _said("epochs_one" if a.epochs == 1 else "epochs_many", lang, n=a.epochs) if a.epochs else \
        _said("minutes", lang, n=a.minutes)
    print(_said("enrolling", lang, name=a.name, name_ja=quoted_ja(a.name), crops=len(data),
                kinds=int((data.counts() > 0).sum()), base=base or _said("no_base", lang), bound=bound))
    start = start or time.monotonic()
    tell = tell or _silent
    tell("training", 0.0)
    compact = ProgressLine(_said("stage_training", lang), total=training_total(a, len(data), lang)) \
        if getattr(a, "compact", False) else None

    def training(fraction: float) -> None:
        tell("training", fraction)
        if compact is not None:
            compact(fraction)

    model = train(data, spec, cfg, a.work or Path("runs/enroll") / a.name, init=base, resume=a.resume, val=val,
                  on_progress=training, progress=compact is None)
    if compact is not None:
        compact.end()
    tell("export", 1.0)
    from vision.detector import new_tileset_dir

    final = new_tileset_dir(a.name, models)
    # written in a folder of its own and moved into place at the end (``_into_place``): no list shows the set (nor
    # a replaced set's old files with the new classifier) before its last step, its orientation model, is done
    out = _staging(final)
    with _naming_set(final):  # a full disk met by the export names no file: said of the set's folder
        export(model, spec, out / "classifier.onnx")
        save_weights(model, spec, out / "classifier.pt")
    meta = {"name": a.name, "game": game, "classifier": "classifier.onnx", "detector": None,
            "base": str(base.name) if base else None, "data": str(Path(a.data).resolve()), "crops": int(len(data)),
            "photos": int(len(np.unique(data.groups))), "photos_sha256": learnt_digests(a.data, data.groups),
            "kinds": list(data.classes),
            # the kinds it learnt: those of its crops, each with its count (a dataset's data.yaml names kinds no photo
            # shows: classes never learnt). What a set knows of its game (``vision.recognizer.learnt_kinds``)
            "learnt": {c: int(n) for c, n in zip(data.classes, data.counts().tolist()) if n > 0},
            # the kinds the set does not have (the dataset's ``absent:``): read as no kind never learnt
            # (``vision.recognizer.absent_of``), as a Hong Kong set's red fives
            "absent": list(getattr(a, "absent", None) or ()),
            "minutes": round((time.monotonic() - start) / 60, 2), "config": cfg.__dict__}
    ident = dataset_id_of(a.data)
    if ident:  # the labelling dataset's own id: the set stays that folder's when it is moved
        meta["dataset_id"] = ident
    held = getattr(a, "held_out", None)
    if held is not None:  # measured on the photos kept out: the tile set as it is written, on photos it never saw
        from vision.classifier_train import accuracy

        share = accuracy(model, held, spec) if len(held) else 0.0
        # which photos (their digests): a set taught again on the same ones is compared with this one on them
        # (``vision.recognizer.taught_tilesets``: the newest reads a club's edition unless clearly worse)
        meta["held_out"] = {"photos": int(len(np.unique(held.groups))), "tiles": int(len(held)),
                            "right": int(round(share * len(held))), "share": round(share, 4),
                            # of kinds no photo learnt shows: it cannot read them (``poor_words`` says so)
                            "unlearnt": held_unlearnt(data, held),
                            "photos_sha256": learnt_digests(a.data, held.groups)}
    (out / "tileset.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    orient = a.orient_minutes > 0 and not orientation_too_few(a.data, meta["photos"])
    oriented = enroll_orientation(a, data, out, meta, 0.0, tell, shown=final) if orient else None
    _into_place(out, final)
    hint = _said("hint", lang, command=read_command(a.name, models)) if getattr(a, "read_hint", True) else ""
    print(_said("written", lang, out=final, minutes=meta["minutes"], hint=hint))
    if oriented:
        print(oriented)
    if a.orient_minutes > 0 and not orient:
        print(orient_too_few_said(meta["photos"], lang, orient_later_command(a)), file=sys.stderr)
    if "held_out" in meta:  # the last line: how good the set is
        print(measured_words(meta["held_out"], meta["photos"])[lang == "ja"])
        poor = poor_words(meta["held_out"], meta["photos"], a)
        if poor is not None:  # written all the same: said plainly, and what to do
            print(_said("warning", lang, text=poor[lang == "ja"]), file=sys.stderr)
            if getattr(a, "on_warning", None):
                a.on_warning(*poor)
    return 0


POOR_SHARE = 0.8  # a set that names fewer of the tiles kept out right than this is said to read poorly


# What to do about a set that reads poorly, in the command line's options (``poor_words``): the Label page, which shows
# the warning a teach left, says it in its own picker's and button's names instead (``app.components.teach_view``). The
# minutes to train are said before it (``poor_words``: more than the run had), so that it stays the same words
POOR_DO = ("accept more photos, or train longer (--minutes), then teach it again with --replace",
           "OK にする写真を増やすか、学習を長くして (--minutes)、--replace を付けてもう一度覚えさせてください")
POOR_MINUTES = 5  # the least a set that read poorly is told to train


def poor_words(held: dict, learnt: int, a: argparse.Namespace) -> tuple[str, str] | None:
    """Where a set named fewer than ``POOR_SHARE`` of the tiles kept out right (``tileset.json``'s ``held_out``),
    why that may be and what to do (``POOR_DO``), in English and Japanese; None for a set that measured well. The
    tiles kept out of kinds the set never learnt (``held_out``'s ``unlearnt``: no photo it learnt shows them) are
    said first: it cannot read them, however long it trains. The minutes it is told to train are more than the run
    had (twice, at least ``POOR_MINUTES``): a 5-minute run was told "5 or more"."""
    share = float(held.get("share", 0.0))
    if not held.get("tiles") or share >= POOR_SHARE:
        return None
    minutes = getattr(a, "minutes", None)
    epochs = getattr(a, "epochs", None)
    more = max(POOR_MINUTES, math.ceil(2 * float(minutes))) if not epochs and minutes else POOR_MINUTES
    bound = (f"{a.epochs} epoch{_s(a.epochs)}", f"{a.epochs}エポック") if epochs else \
        (f"{a.minutes:g} min", f"{a.minutes:g}分")
    tiles, unlearnt = int(held.get("tiles", 0)), held.get("unlearnt")
    unlearnt = unlearnt if isinstance(unlearnt, int) and 0 < unlearnt <= tiles else 0
    never = (f"{unlearnt} of the {tiles} tiles kept out {'is' if unlearnt == 1 else 'are'} of kinds it never learnt "
             f"(no photo it learnt shows them), which it cannot read: label more photos that show them. For the rest, "
             ) if unlearnt else ""
    never_ja = (f"残した写真の牌 {tiles}枚のうち{unlearnt}枚は、覚えていない種類の牌 (覚えた写真に写っていない牌) で、"
                f"読めません: その牌の写った写真をもっとラベル付けしてください。ほかの牌については、") if unlearnt else ""
    cause = "too few photos" if unlearnt else "Too few photos"
    return (f"the set named only {share:.0%} of the tiles kept out right (below {POOR_SHARE:.0%}): it will misread "
            f"many tiles. {never}{cause} ({learnt} learnt) or too short a training ({bound[0]}: train {more} min or "
            f"more) is the likely cause: {POOR_DO[0]}",
            f"牌セットが、残した写真の牌を {share:.0%} しか正しく読めませんでした ({POOR_SHARE:.0%} 未満): 多くの牌を"
            f"読み違えます。{never_ja}写真が少ない (覚えたのは {learnt}枚) か、学習が短い ({bound[1]}。{more}分以上を"
            f"おすすめします) のが主な理由です: {POOR_DO[1]}")


class ProgressLine:
    """A training's progress for a person at the command line (``main``'s ``compact``): on a terminal one line
    rewritten in place ("training: 43%"), else (a log, a pipe) a line of the share done where README's "Progress in a
    log" has one (``timing``, a ``LogTiming`` of its own by default: 5 s in, then every 30 s, as
    TILELENS_LOG_PROGRESS_SECONDS sets; a line only where the share has moved), and the last at 100% whatever the time;
    ``end`` closes it. Called with the share done (0..1), as ``on_progress`` is. ``total`` follows the share done
    (" of 480 steps": :func:`training_total`). Each line ends with what
    ``detail()`` says (the ``detail`` of the innermost :func:`compact_progress` block; nothing outside one)."""

    @staticmethod
    def detail() -> str:
        return _COMPACT[-1]() if _COMPACT else ""

    def __init__(self, label: str, stream=None, total: str = "", timing: LogTiming | None = None) -> None:
        self.label, self.stream, self.total = label, stream or sys.stdout, total
        self.terminal = bool(getattr(self.stream, "isatty", lambda: False)())
        self.timing = None if self.terminal else timing or LogTiming()  # its clock starts with the training
        self.shown = -1  # the last percent said

    def __call__(self, fraction: float) -> None:
        percent = int(min(max(fraction, 0.0), 1.0) * 100 + 1e-9)
        if self.terminal:
            if percent != self.shown:
                self.shown = percent
                self.stream.write(f"\r{self.label}: {percent:3d}%{self.total}{self.detail()}")
                self.stream.flush()
            return
        if percent > self.shown and (percent == 100 or self.timing.due()):
            self.shown = percent
            print(f"{self.label}: {percent}%{self.total}{self.detail()}", file=self.stream, flush=True)

    def end(self) -> None:
        """The run is over: a terminal's line completed at 100% and ended; elsewhere the 100% line, if not said."""
        if self.terminal:
            self.stream.write(f"\r{self.label}: 100%{self.detail()}\n")
            self.stream.flush()
        elif self.shown < 100:
            print(f"{self.label}: 100%{self.detail()}", file=self.stream, flush=True)
        self.shown = 100


STAGING = ".enrolling"  # beside the sets, the folder a set is written in before it is moved into place


def _staging(final: Path) -> Path:
    """An empty folder to write the tile set ``final`` in (``STAGING``, beside the sets: listed as none of them,
    which are the folders holding a ``tileset.json`` right under the sets' folder; on the same disk, so the move
    into place is a rename)."""
    import shutil

    from tilelens.home import make_dirs

    out = final.parent / STAGING / final.name
    shutil.rmtree(out, ignore_errors=True)  # a run that stopped half-way
    _clean_staging(final.parent / STAGING, final.name)
    make_dirs(out.parent)  # a TILELENS_HOME made for the set is private, as tilelens makes it elsewhere
    out.mkdir()
    return out


STALE_STAGING_S = 24 * 3600  # where no lock tells (no fcntl), a staging folder this old is a run's that stopped


def _clean_staging(staging: Path, keep: str) -> None:
    """Remove the half-made sets other enrolments left in ``staging`` when they were cut short (Ctrl-C, a closed
    window), each said on stderr; not ``keep`` (this run's), nor one whose enrolment still runs (it holds the
    set's lock, ``_enrolling``; where no lock tells, one changed within ``STALE_STAGING_S``)."""
    import shutil

    from vision.locks import held_elsewhere

    if not staging.is_dir():
        return
    restore_replaced(staging.parent, own=keep)  # a set whose --replace was cut short: put back, not removed
    for folder in sorted(p for p in staging.iterdir() if p.is_dir()):
        name = folder.name.removesuffix(".replaced")
        if name == keep:
            continue
        if whole_set(folder) and not (folder.name != name and whole_set(staging.parent / name)):
            # a whole set is never removed (the only copy of one, or a run's finished work); the old set left aside
            # after its replacement was moved in whole is, as that run would have removed it
            continue
        busy = held_elsewhere(f"enroll:{(staging.parent / name).resolve()}")
        if busy is None:
            with contextlib.suppress(OSError):
                busy = time.time() - folder.stat().st_mtime < STALE_STAGING_S
        if busy is not False:
            continue
        shutil.rmtree(folder, ignore_errors=True)
        if not folder.exists() and folder.name == name:
            print(_said("staging_cleaned", cli_lang(), name=name, name_ja=quoted_ja(name)), file=sys.stderr)


@contextlib.contextmanager
def _naming_set(folder: Path):
    """An ``OSError`` that names no file (a full disk met by an export: "tilelens enroll: No space left on device")
    said of the tile set's folder ``folder`` (its final place, not the hidden one it is written in first)."""
    try:
        yield
    except OSError as exc:
        if exc.filename is None and exc.errno is not None:
            raise OSError(exc.errno, exc.strerror, str(folder)) from exc
        raise


def _write_synced(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` and sync it to the disk (a full disk said here, not by a file found cut short)."""
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)
        file.flush()
        os.fsync(file.fileno())


def whole_set(folder: Path) -> bool:
    """Whether ``folder`` holds a whole tile set: a ``tileset.json`` that reads, naming a classifier that is there."""
    from vision.recognizer import tileset_meta_or_none

    meta = tileset_meta_or_none(folder)
    classifier = meta.get("classifier") if meta is not None else None
    return isinstance(classifier, str) and (folder / classifier).is_file()


RESTORE_AFTER_S = 60  # where no lock tells (no fcntl), an old set aside this long is not one a run is moving now


def restore_replaced(sets: Path, own: str | None = None) -> list[str]:
    """Put back each tile set of the folder ``sets`` whose replacement (``--replace``) was cut short between the two
    moves of :func:`_into_place` (killed, a closed window): its old set, whole, in ``STAGING/NAME.replaced`` and no
    set NAME, which read as unknown and was removed by the next enrolment of any set. Moved back to NAME (a rename:
    whole or not at all), each said on stderr; the new set stays in staging. Not one whose enrolment runs now (it
    holds the set's lock, ``_enrolling``; ``own``: this run's set, whose lock it holds itself). The names put back."""
    from vision.locks import held_elsewhere

    try:
        aside = sorted(p for p in (sets / STAGING).iterdir() if p.name.endswith(".replaced") and p.is_dir())
    except OSError:  # no staging folder (or one that cannot be read): nothing cut short to put back
        return []
    back = []
    for folder in aside:
        name = folder.name.removesuffix(".replaced")
        live = sets / name
        if not name or os.path.lexists(live) or not whole_set(folder):
            continue
        if name != own:
            busy = held_elsewhere(f"enroll:{live.resolve()}")
            if busy is None:
                with contextlib.suppress(OSError):
                    busy = time.time() - folder.stat().st_mtime < RESTORE_AFTER_S
            if busy is not False:
                continue
        try:
            folder.rename(live)
        except OSError:  # put back by another run meanwhile, or a folder that cannot be written: left as it is
            continue
        back.append(name)
        print(_said("replaced_restored", cli_lang(), name=name, name_ja=quoted_ja(name)), file=sys.stderr)
    return back


def _into_place(out: Path, final: Path) -> None:
    """Move the tile set written in ``out`` to ``final``, where it is listed; a set there (``--replace``) is moved
    aside first and removed after, so the folder holds either set whole, never a mix of both."""
    import shutil

    old = out.parent / f"{final.name}.replaced"
    shutil.rmtree(old, ignore_errors=True)
    if final.exists():
        final.rename(old)
    out.rename(final)
    shutil.rmtree(old, ignore_errors=True)
    with contextlib.suppress(OSError):
        out.parent.rmdir()  # the staging folder, where no other enrolment writes now


def orient_too_few_said(photos: int, lang: str, command: str) -> str:
    """That ``photos`` photos are too few to learn an orientation model of the set's own, and the ``command`` that
    trains one once more are labelled."""
    return _said("orient_too_few", lang, photos=photos, least=ORIENT_LEAST_PHOTOS, command=command, s=_s(photos),
                 are=_are(photos))


def orient_later_command(a: argparse.Namespace) -> str:
    """The command that gives the set ``a.name`` its own orientation model once more photos are labelled: for a
    Teach's photo list (``labelling_dataset`` "job": `label teach` or the Label page's, the photos accepted as of
    that Teach), teaching the dataset again, which lists the photos accepted by then; else ``--orient-only`` on the
    same ``--data``."""
    if labelling_dataset(a.data) == "job":
        root = data_yaml_of(a.data).parent.parent.parent  # DATASET/.tilelens/teach/data.yaml
        return shlex.join(["tilelens", "label", "teach", str(root), "--name", a.name,
                           *(["--base", a.base] if a.base else []), "--replace"])
    return shlex.join(["tilelens", "enroll", "--name", a.name, "--data", str(a.data), "--orient-only"])


def measured_words(held: dict, learnt: int) -> tuple[str, str]:
    """A tile set's measure on the photos kept out of its training (``tileset.json``'s ``held_out``; ``learnt``:
    the photos it learnt), in English and Japanese."""
    fill = dict(held=held["photos"], tiles=held["tiles"], right=held["right"], share=held.get("share", 0.0),
                learnt=learnt, s=_s(learnt), hs=_s(held["photos"]))
    return _said("measured", "en", **fill), _said("measured", "ja", **fill)


def read_command(name: str, models: Path) -> str:
    """The command that reads with tile set ``name`` enrolled in ``models``: ``--models`` named when that is
    not the folder a read looks in by default."""
    from vision.recognizer import default_models_dir

    where = "" if Path(models).resolve() == default_models_dir().resolve() else f" --models {shlex.quote(str(models))}"
    return f"tilelens read --tileset {name}{where}"


def training_total(a: argparse.Namespace, crops: int, lang: str) -> str:
    """What the classifier's progress line says of its total after the share done ("training: 75% of 480 steps"; the
    label kept, as `label teach`'s lines are counted by it): the steps of ``a.epochs`` epochs of ``crops`` crops, else
    its ``a.minutes``, as :func:`orientation_stage` says the orientation step's.

    >>> training_total(argparse.Namespace(epochs=1, minutes=2.0), 30720, "en")
    ' of 480 steps'
    """
    from vision.classifier_train import train_steps

    epochs = getattr(a, "epochs", None)
    return _said("of_total", lang, total=_total_said(train_steps(crops, epochs) if epochs else None, a.minutes, lang))


def orientation_stage(a: argparse.Namespace, faces: int, lang: str) -> str:
    """The orientation step's progress line's label, with its total: the steps of ``a.epochs`` epochs of ``faces``
    face crops learnt both ways (an enrolment bounded by epochs: 1,500 photos take minutes), else its
    ``a.orient_minutes``.

    >>> orientation_stage(argparse.Namespace(epochs=1, orient_minutes=1.0), 21600, "en")
    'learning which way up the tiles stand (675 steps)'
    """
    from vision.orient import train_steps

    epochs = getattr(a, "epochs", None)
    total = _total_said(train_steps(faces, epochs) if epochs else None, a.orient_minutes, lang)
    return _said("stage_total", lang, stage=_said("stage_orientation", lang), total=total)


def _total_said(steps: int | None, minutes: float, lang: str) -> str:
    """A training step's total as its progress line says it: its ``steps`` where an enrolment is bounded by epochs
    (None where it is not), else its ``minutes``."""
    if steps is not None:
        return _said("steps_one" if steps == 1 else "steps_many", lang, n=steps)
    return _said("minutes", lang, n=minutes)


def enroll_orientation(a: argparse.Namespace, data, out: Path, meta: dict, spent: float,
                       tell: Callable[[str, float], None], shown: Path | None = None) -> str | None:
    """Train the tile set's orientation model on its face crops (``data``: the enrolment's crops, upright
    as labelled) and the same turned half round, for ``a.orient_minutes``; write ``out/orient.onnx`` + JSON
    and name it in ``tileset.json`` (``meta``, rewritten), with its minutes (``spent``: seconds already
    spent reading the crops for it). ``shown``: the set's folder to name, where ``out`` is where it is written
    before it is moved there: the line saying it is written is then returned, not printed (said once it is)."""
    from vision.orient import both_ways, train_model

    start = time.monotonic() - spent
    lang = getattr(a, "lang", None) or cli_lang()
    faces = data.faces()
    if len(faces) == 0:
        print(_said("no_faces", lang), file=sys.stderr)
        return
    tell("orientation", 0.0)
    # ``shown`` None (--orient-only): ``out`` is a set read now, and a full disk or a kill left a half-written
    # orient.onnx in it: the model and the set's tileset.json are written in a hidden folder beside them first, then
    # moved in (renames, which need no room), the model before the tileset.json that names it
    fresh = out / ".orient-new" if shown is None else out
    import shutil

    if fresh != out:
        shutil.rmtree(fresh, ignore_errors=True)  # one a run cut short left
        fresh.mkdir()
    compact = ProgressLine(orientation_stage(a, len(faces), lang)) if getattr(a, "compact", False) else None

    def orienting(fraction: float) -> None:
        tell("orientation", fraction)
        if compact is not None:
            compact(fraction)

    try:
        with _naming_set(shown or out):  # a full disk met by the export names no file: said of the set's folder
            # its last line names the folder the set is moved to, not the hidden one it is written in first
            train_model(both_ways(faces), (a.work or Path("runs/enroll") / a.name) / "orient", fresh / "orient.onnx",
                        a.orient_minutes, a.orient_threshold, name=f"{a.name}-orient", resume=a.resume,
                        epochs=a.epochs, on_progress=orienting, progress=compact is None,
                        shown_at=(shown or out) / "orient.onnx")
            if compact is not None:
                compact.end()
            meta.update(orient="orient.onnx", orient_minutes=round((time.monotonic() - start) / 60, 2))
            _write_synced(fresh / "tileset.json", json.dumps(meta, indent=1) + "\n")
        if fresh != out:
            for name in ("orient.onnx", "orient.json", "tileset.json"):
                if (fresh / name).is_file():
                    os.replace(fresh / name, out / name)
    finally:
        if fresh != out:
            shutil.rmtree(fresh, ignore_errors=True)
    said = _said("orient_written", lang, path=(shown or out) / "orient.onnx", minutes=meta["orient_minutes"])
    if shown is None:
        print(said)
    return said
