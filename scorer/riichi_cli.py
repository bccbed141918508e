"""``tilelens score`` and ``tilelens waits`` for riichi games (Tokyo Mahjong).

The router reaches ``score_main(argv)`` / ``waits_main(argv)`` with the full argv, ``--game`` included.
Bad input raises ``TilelensInputError`` (the router prints it on one line and exits 2); a hand that does not
win exits 0. ``--json`` has the shape of every game's (``scorer.cli.score_document``), one line; the riichi
details (han, fu, seat, ...) are in ``extra`` and, as before, at the top level too.

    tilelens score --game tokyo-mahjong 234m456p678s22z555z --win-tile 8s --win ron --seat south
    tilelens waits --game tokyo-mahjong 2345678m123p567s --riichi --json
"""
from __future__ import annotations

import argparse
import re
import shlex
from typing import Any

from scorer.cli import (EXIT_STATUS, EXIT_STATUS_JA, JSON_SHAPE, MOST_ON_A_TABLE, SEPARATOR, WAITS_EXIT_STATUS,
                        WAITS_EXIT_STATUS_JA, HelpFormatter, NamesUnknownFirst, add_shipped_rules, not_stdin,
                        pad_columns, photo_argument, print_json, _JSON_HELP_JA, rules_table, say_help_in_japanese,
                        score_document, score_named, tile_over, usage_error, waits_named, win_word)
from scorer.result import WIN_KIND_JA, ScoreResult, cli_lang, payer_ja, payment_note_ja
from scorer.riichi import RiichiWait, score, tiles_from_win, waits
from scorer.riichi_pay import PAO_NOTE, PAO_NOTE_JA
from scorer.riichi_rules import LIMIT_NAMES, fu_mean_nothing, han_mean_nothing, listed_yaku, yakuman_times
from scorer.riichi_tiles import (InputProblem, RiichiInputError, Wind, check_words, kans_in_row, mpsz, parse_melds,
                                 parse_tiles, spaced_melds, tile_ids)


def _load(game_id: str) -> Any:
    from scorer.catalog import load_game

    return load_game(game_id)


class _Parser(NamesUnknownFirst):
    """Argument errors become one ``RiichiInputError`` line (the router prints it and exits 2), ending with the
    help to read, as the Donjara games' do: the one asked with the game, which lists the riichi options; an option
    it does not know is said first, with the ones near it (``NamesUnknownFirst``)."""

    game: str | None = None

    def error(self, message: str):  # type: ignore[override]
        game = f" --game {shlex.quote(self.game)}" if self.game else ""
        message, near = self.first_problem(message)
        raise RiichiInputError(InputProblem.OPTION, *usage_error(message, self.prog, game, near))


def _game_in(argv: list[str]) -> str | None:
    """The ``--game`` written in ``argv`` (for the help an argument error points to), None if none is."""
    pre = _Parser(add_help=False)
    pre.add_argument("--game")
    try:
        return pre.parse_known_args(argv)[0].game
    except RiichiInputError:  # `--game` without a value: the real parse says so
        return None


def _count(text: str) -> int:
    """A counter option's value (``--honba``, ``--riichi-sticks``): a whole number; one below 0 or above
    ``MOST_ON_A_TABLE`` is refused by ``_options``, in the command line's language (argparse's: argparse_ja)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None


_SCORE_EPILOG = f"""{JSON_SHAPE}

A riichi game's details ("han", "fu", "limit", "fu_details", "dora" (with "nuki": the nukidora of --nuki, where
given), "seat", "win_tile", "total_received",
"notes": what was given and not counted, each with "id", "text" and "text_ja"; "pao_yaku": "daisangen" or
"daisuushii" where the deciding set was called, and "pao": the liable seat given with --pao; "limit_by": "renhou"
where renhou is the mangan ([riichi] renhou = "mangan": its yaku has "limit": "mangan", the hand's other yaku and
dora are not added, so "dora" counts none and "fu" is 0); "tiles_from_win": how many tiles a hand that makes no
winning shape is from a win, as its "reason" says; "furiten": the tile of your own discards that makes a ron
furiten, ...) are in "extra" and at the top level too. Every hand has every key, won or not: null, [] or 0 where
one does not apply (a hand that is no win: "dora", "limit", "open", "dealer_keeps_seat", "next_honba" null,
"fu_details" and "notes" [], "total_received" 0; "tiles_from_win" is null where the tiles make a winning shape).

{EXIT_STATUS}"""
_WAITS_EPILOG = f"""\
--json prints one JSON object on one line: "game", "engine", "hand", "tiles_from_win", "waits" (each with its
"ron" and "tsumo" score; "dead": true where every copy is in view, listed last), "all_waits_dead" and "rules",
the table that read the hand, as score --json has it.

{WAITS_EXIT_STATUS}"""


# Every riichi detail of ``score --json`` (and of each wait's ron and tsumo in ``waits --json``), won or not, with
# what it is where it does not apply: a win's (dora, limit, notes ...) null or [] for a hand that is no win, the
# distance of one that makes no shape (tiles_from_win) null for one that does, furiten, limit_by, pao_yaku and pao
# null where none is. The keys are the same whatever the hand, as every game's top level is (``JSON_SHAPE``).
DETAILS_NOT_APPLYING: dict[str, Any] = {
    "han": 0, "fu": 0, "limit": None, "limit_ja": None, "fu_details": [], "dora": None, "open": None,
    "total_received": 0, "dealer_keeps_seat": None, "next_honba": None, "notes": [], "tiles_from_win": None,
    "furiten": None, "limit_by": None, "pao_yaku": None, "pao": None}


def every_detail(details: dict[str, Any]) -> dict[str, Any]:
    """``details`` (a riichi result's ``extra``, or a flat dict of it) with each key of ``DETAILS_NOT_APPLYING`` it
    lacks, as that says."""
    return {**details, **{key: list(value) if isinstance(value, list) else value
                          for key, value in DETAILS_NOT_APPLYING.items() if key not in details}}


def score_json(result: ScoreResult, engine: str = "riichi") -> dict[str, Any]:
    """``tilelens score --json`` of a riichi hand: every game's shape, the riichi ``extra`` also at the top
    level (where it was before every game had one shape), with the same keys won or not (``every_detail``)."""
    extra = every_detail(result.extra)
    return {**score_document(result, engine, result.extra["win"]), "extra": extra, **extra}


def _wait_json(wait: RiichiWait) -> dict[str, Any]:
    """One wait of ``waits --json``: its ron and tsumo with the same keys, won or not (``every_detail``)."""
    d = wait.to_dict()
    return {**d, "ron": every_detail(d["ron"]), "tsumo": every_detail(d["tsumo"])}


# The situation options of `score` and `waits` (one list, so that both take the same): what each means, and for
# `waits` the way of winning it counts on (a situation of one way counts on that way's score only:
# ``scorer.riichi_waits``; None: on both).
SITUATION_FLAGS: dict[str, tuple[str | None, str | None]] = {
    "riichi": ("the winner had declared riichi", None),
    "double-riichi": ("riichi declared on the first turn (instead of --riichi)", None),
    "ippatsu": ("a win within a go-around of the riichi, no call between", None),
    "open-riichi": ("riichi declared with the hand shown", None),
    "haitei": ("a tsumo on the wall's last tile", "tsumo"), "houtei": ("a ron on the last discard", "ron"),
    "rinshan": ("a tsumo on a kan's replacement tile (a kan among --melds)", "tsumo"),
    "chankan": ("a ron robbing another player's added kan", "ron"),
    "tenhou": ("the dealer's win as dealt", "tsumo"),
    "chiihou": ("a non-dealer's tsumo on the first draw, no call made", "tsumo"),
    "renhou": ("a non-dealer's ron before the first draw, no call made", "ron"),
}
# The help said in Japanese (``scorer.cli.say_help_in_japanese``), by each option's first name: one line for each of
# the English ones in ``_parser`` and ``SITUATION_FLAGS``, kept in step with them.
_HELP_JA = {
    "--game": "リーチ麻雀のゲーム (例: tokyo-mahjong)",
    "--win-tile": "上がり牌 (HAND の1枚。指定がなければ最後に書いた牌)",
    "--win": "上がり方 (指定がなければゲームの初期設定のロン。アプリの採点ページもロンから始まります。ツモなら --win tsumo "
             "と指定します)",
    "--melds": "鳴き: chi:234m pon:555z kan:1111p (明カン) ankan:9999s (暗カン) kakan:2222z",
    "--dora-indicators": "ドラ表示牌 (それぞれの次の牌がドラ)",
    "--ura-dora-indicators": "裏ドラ表示牌。--riichi・--double-riichi・--open-riichi のどれかがあるときだけ数えます "
                             "(どれもなければ受け付けません)",
    "--seat": "自風: east (親)・south・west・north (指定がなければ south)",
    "--round": "場風: east か south。南場の先まで続ける対局なら west か north (指定がなければ east)",
    "--discards": "自分の捨て牌 (フリテンの確認)",
    "--honba": "場の本場 (積み棒の数)",
    "--riichi-sticks": "局が終わったときに場にあるリーチ棒 (1,000点) の本数。上がった人自身の棒も含みます (指定がなければ "
                       "--riichi のとき自分の1本、ほかは0)。アプリの「場のリーチ棒」欄はほかの人の分だけなので、そこから"
                       "書くときは、上がった人がリーチしていれば1を足してください",
    "--players": "卓の人数 (指定がなければゲームの人数。4人のゲームを3人で採点すると牌のセットはそのままで1席が空きます。"
                 "三麻は [riichi] players = 3 のゲームです)",
    "--nuki": "抜きドラ (北を抜いてドラにする) の枚数。1枚ごとにドラ1つ。三人の卓で、そのルールがあるとき ([riichi] "
              "nukidora = true) だけです",
    "--discarder": "ロンで放銃した席 (放銃者: 払う人を表示します)",
    "--pao": "包 (責任払い): 鳴かせた大三元の最後の三元牌 (大四喜なら最後の風牌) を捨てた席。ツモならその役満をこの席が"
             "1人で払い、ロンなら放銃者と半分ずつ払います",
    "--json": _JSON_HELP_JA,
}
_SITUATION_FLAGS_JA = {
    "riichi": "上がった人がリーチしていた", "double-riichi": "1巡目に宣言したダブルリーチ (--riichi の代わりに)",
    "ippatsu": "一発 (リーチから1巡以内の上がり、その間に鳴きなし)", "open-riichi": "オープンリーチ (手牌を見せたリーチ)",
    "haitei": "海底摸月 (山の最後の牌でツモ)", "houtei": "河底撈魚 (最後の捨て牌でロン)",
    "rinshan": "嶺上開花 (カンの補充牌でツモ。--melds にカンがあるとき)", "chankan": "槍槓 (ほかの人の加カンの牌でロン)",
    "tenhou": "天和 (親が配牌のままで上がり)", "chiihou": "地和 (子が鳴きなしで最初のツモで上がり)",
    "renhou": "人和 (子が鳴きなしで最初のツモの前にロン)",
}
_DESCRIPTION_JA = ("リーチ麻雀の手を mpsz 表記で書きます (0m/0p/0s は赤五、mjai の 5mr 5pr 5sr も可。字牌は 1z-7z、"
                   "E S W N P F C、east south west north haku hatsu chun、東南西北白發中のどれでも。漢数字も: "
                   "一二三萬 123万 456筒 789索 赤五萬)。手牌 (HAND) は --game のすぐ後に書きます (いくつも値を取る"
                   "オプションは、その後の語をすべて取ります)。")


def _epilog_ja(scoring: bool, game: str | None) -> str:
    """The help's epilog said in Japanese: what ``--json`` prints (its keys: the English help lists each) and the
    exit statuses."""
    command = "score" if scoring else "waits"
    english = f"TILELENS_LANG=en tilelens {command} --game {shlex.quote(game or 'tokyo-mahjong')} --help"
    if scoring:
        said = ("--json は JSON オブジェクトを1行で出力します (UTF-8。`| jq .` で字下げして読めます)。キーはどのゲームでも"
                "同じで (\"game\"・\"winning\"・\"yaku\"・\"points\"・\"payments\"・\"extra\" など)、リーチ麻雀の"
                "詳細 (\"han\"・\"fu\"・\"limit\"・\"fu_details\"・\"dora\"・\"notes\"・\"pao\"・\"tiles_from_win\" "
                "(上がりの形でない手の上がりまでの枚数) など) は \"extra\" と最上位の両方にあります。キーは上がりでも"
                "そうでなくてもすべてそろい、当てはまらないものは null・[]・0 です。")
        exit_status = EXIT_STATUS_JA
    else:
        said = ("--json は JSON オブジェクトを1行で出力します: \"game\"・\"engine\"・\"hand\"・\"tiles_from_win\"・"
                "\"waits\" (それぞれにロンとツモの点。\"dead\": 残りがない待ちは true で最後に)・\"all_waits_dead\"・"
                "\"rules\" (読んだ表。score --json と同じ)。")
        exit_status = WAITS_EXIT_STATUS_JA
    return f"{said}キーそれぞれの意味は英語のヘルプにあります: {english}\n\n{exit_status}"


# What only a win has (`tilelens score`): `tilelens waits` lists every tile's ron and tsumo, so it refuses them.
_WIN_ONLY = {"win_tile": ("--win-tile", "上がり牌 (--win-tile)"), "win": ("--win", "上がり方 (--win)"),
             "discarder": ("--discarder", "放銃者 (--discarder)"), "pao": ("--pao", "包 (--pao)")}


def _refuse_win_options(args: argparse.Namespace) -> None:
    """``tilelens waits`` given an option only a win has: one message naming it, in both languages."""
    for key, (option, option_ja) in _WIN_ONLY.items():
        if getattr(args, key) is not None:
            raise RiichiInputError(InputProblem.OPTION, f"{option} is for a win: tilelens waits lists every wait with "
                                   f"its ron and its tsumo (to score one win, give the 14-tile hand to tilelens score "
                                   f"with {option})",
                                   f"{option_ja} は上がりの採点用です: tilelens waits は待ちごとにロンとツモの両方を出します "
                                   f"(一つの上がりを採点するには14枚の手牌で tilelens score に {option} を付けてください)")


def _refuse_declared(args: argparse.Namespace) -> None:
    """``--declared`` (a Donjara game's: a non-win declared is a chombo, charged its penalty) on a riichi game: one
    line saying why it has no meaning here, not "unrecognized arguments"."""
    if args.declared:
        raise RiichiInputError(InputProblem.OPTION, f"--declared has no meaning for {args.game}: riichi (Tokyo Mahjong) "
                               "sets no chombo penalty, so a hand that is no win is only shown as one (leave "
                               "--declared out)",
                               f"--declared は {args.game} では使えません: リーチ麻雀 (東京麻雀) にはチョンボの罰符の"
                               "決まりがないため、上がりでない手はそう表示するだけです (--declared を外してください)")


def _refuse_riichi_twice(opts: dict[str, Any]) -> None:
    """``--riichi`` with ``--double-riichi`` was scored as double riichi, as if the slip meant it: one of them is
    meant. (``scorer.riichi.score`` takes both, as the app sends them: its double-riichi box is offered under
    its riichi box.)"""
    if opts.get("riichi") and opts.get("double_riichi"):
        raise RiichiInputError(InputProblem.OPTION, "--riichi and --double-riichi both given: a double riichi is the "
                               "riichi declared on the first turn, so give one of them (--double-riichi for a double "
                               "riichi)",
                               "--riichi と --double-riichi が両方指定されています。ダブルリーチは1巡目のリーチなので、"
                               "どちらか一つにしてください (ダブルリーチなら --double-riichi)")


class _MeldsAction(argparse._ExtendAction):
    """``--melds``'s words, extended as ``action="extend"``; the first word of each ``--melds`` is kept apart too
    (``melds_first``), for ``_refuse_kindless_meld``."""

    def __call__(self, parser, namespace, values, option_string=None):  # type: ignore[override]
        values = spaced_melds(values)  # ｐｏｎ：６６６ｚ, pon 666z: as KIND:TILES
        super().__call__(parser, namespace, values, option_string)
        namespace.melds_first = [*getattr(namespace, "melds_first", []), values[0]]


def _refuse_kindless_meld(args: argparse.Namespace) -> None:
    """``HAND --melds 555z``: the hand was given, so ``555z`` right after ``--melds`` is a meld without its kind,
    which was taken as concealed tiles (a called pon scored as a closed triplet, with riichi). Refused with the
    form to write. (No hand before ``--melds``: ``--melds pon:555z 234m...`` writes the hand after the melds; a
    word after a ``KIND:`` word may be the hand's rest: ``123m456p78s11z --melds pon:555z 9s``.)"""
    if not args.hand:
        return
    for first in getattr(args, "melds_first", []):
        word = _split([first], melds=True)[:1]
        if word and ":" not in word[0]:
            raise RiichiInputError(InputProblem.OPTION, f"--melds {word[0]}: a meld is KIND:TILES, e.g. pon:555z "
                                   f"or pon 555z (kinds: chi, pon, kan, ankan, kakan); {word[0]} was not counted in "
                                   f"the hand",
                                   f"--melds {word[0]}: 鳴きは「種類:牌」か「種類 牌」の形で書いてください (例: pon:555z、"
                                   f"ポン 555z; 種類は chi・pon・kan・ankan・kakan)。{word[0]} は手牌に数えていません")


def _parser(prog: str, *, scoring: bool, game: str | None = None) -> argparse.ArgumentParser:
    p = _Parser(prog=prog, description="Riichi hands in mpsz notation (0m/0p/0s = red fives, or mjai's 5mr 5pr 5sr; "
                                "honours 1z-7z, or E S W N P F C, or east south west north haku hatsu chun, or "
                                "東南西北白發中; Japanese numbers too: 一二三萬 123万 456筒 789索 赤五萬). "
                                "Put HAND right after --game (options taking several values are greedy).",
                formatter_class=HelpFormatter, epilog=_SCORE_EPILOG if scoring else _WAITS_EPILOG)
    add_shipped_rules(p)
    p.add_argument("--game", required=True, help="a riichi game, e.g. tokyo-mahjong")
    p.add_argument("hand", nargs="*", metavar="HAND",
                   help="every concealed tile" + (" including the winning tile" if scoring else "")
                   + ", e.g. 123m456p789s1122z or 123m456p789s EE SS (several words are joined)")
    # What only a win has: `waits` takes it to refuse it with a message (``_refuse_win_options``), not in its help.
    hidden = None if scoring else argparse.SUPPRESS
    p.add_argument("--win-tile", "--winning-tile", help=hidden or "the winning tile (one of HAND; default: the "
                   "last tile written)")
    p.add_argument("--win", type=win_word, choices=("tsumo", "ron"), help=hidden or "how the tile came (default: "
                   "ron, the game's; the app's score pages start at ron too: say --win tsumo for a self-draw)")
    p.add_argument("--melds", nargs="+", action=_MeldsAction, default=[], metavar="KIND:TILES",
                   help="declared melds: chi:234m pon:555z kan:1111p (open) ankan:9999s (closed) kakan:2222z")
    p.add_argument("--dora-indicators", "--dora", nargs="+", action="extend", default=[], metavar="TILES",
                   help="dora indicators (each makes the next tile dora)")
    p.add_argument("--ura-dora-indicators", "--ura", nargs="+", action="extend", default=[], metavar="TILES",
                   help="counted only with --riichi, --double-riichi or --open-riichi (refused without one)")
    p.add_argument("--seat", help="the player's seat wind: east (dealer), south, west, north (default south)")
    p.add_argument("--round", dest="round_wind", help="round wind: east or south; west or north for a match run on past south (default east)")
    p.add_argument("--discards", nargs="+", action="extend", default=[], metavar="TILES",
                   help="the player's own discards (furiten check)")
    p.add_argument("--honba", type=_count, default=0, help="counters on the table")
    p.add_argument("--riichi-sticks", type=_count, default=None,
                   help="1,000-point sticks on the table when the hand ends, the winner's own included "
                        "(default: 1 with --riichi, the winner's own; else 0). The app's \"Riichi sticks on the "
                        "table\" box counts the others' only: from it, add 1 when the winner declared riichi")
    p.add_argument("--players", type=int, help="players at the table (default: the game's; "
                   "a four-player game scored for 3 keeps its set, a seat empty: sanma is a game of [riichi] "
                   "players = 3)")
    p.add_argument("--nuki", type=_count, default=0, metavar="N",
                   help="norths set aside as nukidora (kita), each a dora: at a table of three whose rules play it "
                        "([riichi] nukidora = true)")
    p.add_argument("--discarder", help=hidden or "seat that dealt in on a ron (names the payer)")
    p.add_argument("--pao", metavar="SEAT", help=hidden or "pao (liability payment): the seat that fed the last dragon "
                   "of a called daisangen (the last wind of a daisuushii): it pays that yakuman alone on a tsumo, half "
                   "of it beside the discarder on a ron")
    for flag, (meaning, way) in SITUATION_FLAGS.items():  # one list for both commands
        p.add_argument(f"--{flag}", action="store_true",
                       help=f"{meaning} (in the {way} values)" if way and not scoring else meaning)
    p.add_argument("--json", action="store_true", help="print one JSON object on one line (keys below)")
    # Donjara's chombo option: taken only to say why it has no meaning here (``_refuse_declared``).
    p.add_argument("--declared", action="store_true", help=argparse.SUPPRESS)
    p.set_defaults(command=prog.split()[-1])  # score or waits: named by ``not_stdin``
    p.game = game
    if cli_lang() == "ja":
        flags = {f"--{flag}": f"{_SITUATION_FLAGS_JA[flag]} ({WIN_KIND_JA[way]}の値に)" if way and not scoring
                 else _SITUATION_FLAGS_JA[flag] for flag, (_, way) in SITUATION_FLAGS.items()}
        hand = ("上がり牌を含む" if scoring else "") + ("門前の牌すべて。例: 123m456p789s1122z や 123m456p789s EE SS "
                                                   "(いくつかの語はつなげて読みます)")
        say_help_in_japanese(p, {"HAND": hand, **_HELP_JA, **flags}, _DESCRIPTION_JA, _epilog_ja(scoring, game))
    return p




def _split(words: list[str], *, melds: bool = False) -> list[str]:
    """``words`` with each split at separators: ``["234m,456p"]`` -> ``["234m", "456p"]``; for ``--melds``
    only before the next ``KIND:`` (``"pon:777z, chi:123m"``), so that a meld's own tiles stay together.

    >>> _split(["3z,4z", "東、東"]), _split(["pon:777z, chi:123m", "11z"], melds=True)
    (['3z', '4z', '東', '東'], ['pon:777z', 'chi:123m', '11z'])
    """
    pattern = SEPARATOR + "+" + (rf"(?=[^{SEPARATOR[1:-1]}]*:)" if melds else "")
    return [piece for word in words for piece in re.split(pattern, word.strip(" ,，、､\u3000")) if piece]


def _options(args: argparse.Namespace) -> dict[str, Any]:
    _refuse_declared(args)
    opts = {k: v for k, v in vars(args).items()
            if k not in ("game", "hand", "json", "win_tile", "win", "command", "declared", "melds_first")}
    _refuse_kindless_meld(args)
    words = [w for key in ("hand", "melds", "dora_indicators", "ura_dora_indicators", "discards")
             for w in getattr(args, key) or ()]
    if said := photo_argument(args.command, args.game, words):  # before splitting: a phone's name has spaces
        raise RiichiInputError(InputProblem.NOTATION, *said)
    for key in ("melds", "dora_indicators", "ura_dora_indicators", "discards"):
        opts[key] = _split(opts[key], melds=key == "melds")
    # A word without ':' after --melds is the hand written after the melds, not a meld (right after --melds with
    # the hand given before it, it is a meld without its kind: refused above).
    stray = [m for m in opts["melds"] if ":" not in m]
    opts["melds"] = [m for m in opts["melds"] if ":" in m]
    # each word on its own, then joined: f1 (a flower) refused, and "1" "1z" not read as 11z ("12 3m", one word, is)
    check_words([w.strip(" ,，、､\u3000") for w in [*args.hand, *stray]])
    args.hand = _split(list(args.hand) + stray)
    lists_took = any(opts[k] for k in ("dora_indicators", "ura_dora_indicators", "discards"))
    if not lists_took and (said := not_stdin(args.command, args.game, args.hand, riichi=True)):
        raise RiichiInputError(InputProblem.COUNT, *said)  # tiles piped in: they are arguments (``NOT_STDIN``)
    if not args.hand:
        lists = [(f"--{k.replace('_', '-')}", " ".join(v)) for k, v in opts.items()
                 if k in ("dora_indicators", "ura_dora_indicators", "discards") and v]
        took = "; ".join(f"{option} took {words}" for option, words in lists)
        took_ja = "、".join(f"{option} が {words} を取りました" for option, words in lists)
        raise RiichiInputError(InputProblem.COUNT, "no hand given: write HAND (e.g. 123m456p789s1122z) "
                               "right after --game" + (f" ({took}: a list takes every word after it)" if took else ""),
                               "手牌がありません: --game のすぐ後に手牌 (例: 123m456p789s1122z) を書いてください"
                               + (f" ({took_ja}: 並びはその後の語をすべて取ります)" if took_ja else ""))
    _refuse_riichi_twice(opts)
    for key in ("honba", "riichi_sticks", "nuki"):  # 30,000,000,000,000,000,001,000 points is no table's payment
        if (opts.get(key) or 0) < 0:
            option, value = f"--{key.replace('_', '-')}", opts[key]
            raise RiichiInputError(InputProblem.OPTION, f"{option}: must be a whole number 0 or more (got {value})",
                                   f"{option} は 0 以上の整数にしてください (いま {value})")
        if (opts.get(key) or 0) > MOST_ON_A_TABLE:
            option = f"--{key.replace('_', '-')} {opts[key]}"
            raise RiichiInputError(InputProblem.OPTION, f"{option} is more than any table has: write 0 to "
                                   f"{MOST_ON_A_TABLE}", f"{option} は多すぎます (卓にそこまではありません): 0 から "
                                   f"{MOST_ON_A_TABLE} までにしてください")
    # No --riichi-sticks: scorer.riichi counts the riichi winner's own stick (1 under riichi, else 0).
    declared = any(opts.get(k) for k in ("riichi", "double_riichi", "open_riichi"))
    if opts["ura_dora_indicators"] and not declared:  # ura dora count only under riichi: not scored as ura 0
        ura = " ".join(opts["ura_dora_indicators"])
        raise RiichiInputError(InputProblem.OPTION, "ura-dora indicators count only with riichi: "
                               f"--ura-dora-indicators {ura} given without --riichi, --double-riichi or --open-riichi",
                               f"裏ドラ表示牌はリーチしたときだけ数えます: --ura-dora-indicators {ura} が "
                               "--riichi・--double-riichi・--open-riichi なしで指定されています")
    if declared and opts["riichi_sticks"] is not None and opts["riichi_sticks"] < 1:
        raise RiichiInputError(InputProblem.OPTION, f"--riichi-sticks {opts['riichi_sticks']}: a riichi winner's "
                               f"own stick is on the table, so at least 1",
                               f"--riichi-sticks {opts['riichi_sticks']}: リーチした上がりでは自分のリーチ棒が場にあるので"
                               f"1本以上にしてください")
    return opts


def score_main(argv: list[str]) -> int:
    """``tilelens score --game tokyo-mahjong HAND --win-tile T ...``: print the score (or ``--json``)."""
    args = _parser("tilelens score", scoring=True, game=_game_in(argv)).parse_args(argv)
    game = _load(args.game)
    opts = _options(args)
    if args.win == "tsumo" and opts.get("discarder"):
        raise RiichiInputError(InputProblem.OPTION, f"--discarder {opts['discarder']} with --win tsumo: a "
                               "discarder deals in on a ron; on a tsumo every other player pays",
                               f"--discarder {opts['discarder']} と --win tsumo: 放銃者はロンのときだけです。"
                               "ツモではほかの全員が払います")
    try:
        result = score(game, " ".join(args.hand), win_tile=args.win_tile, win=args.win, **opts)
    except RiichiInputError as exc:
        raise _count_hint(exc, args, opts, game, 14) from None
    if args.json:
        print_json({**score_json(result, game.engine), "rules": rules_table(args.game, game)})
    else:
        print(format_result(result, game, cli_lang()))
    return 0


def waits_main(argv: list[str]) -> int:
    """``tilelens waits --game tokyo-mahjong HAND ...``: every winning tile of a 13-tile hand."""
    args = _parser("tilelens waits", scoring=False, game=_game_in(argv)).parse_args(argv)
    _refuse_win_options(args)
    game = _load(args.game)
    opts = _options(args)
    hand = " ".join(args.hand)
    try:
        found = waits(game, hand, **opts)
    except RiichiInputError as exc:
        raise _count_hint(exc, args, opts, game, 13) from None
    away = tiles_from_win(game, hand, opts["melds"])
    if args.json:
        print_json({"game": game.id, "engine": game.engine, "hand": hand, "tiles_from_win": away,
                    "waits": [_wait_json(w) for w in found],
                    "all_waits_dead": bool(found) and all(w.dead for w in found),
                    "rules": rules_table(args.game, game)})
    else:
        print(format_waits(found, away, game, cli_lang()))
    return 0


def _count_hint(exc: RiichiInputError, args: argparse.Namespace, opts: dict[str, Any], game: Any, want: int
                ) -> RiichiInputError:
    """A wrong tile count of a hand of ``want`` tiles (14 to score, 13 for waits), its melds counted 3 each, with what
    to do: a four of a kind written among the concealed tiles told to be a kan meld (``_kan_hint``); else a hand one
    tile short to score (a tenpai photo's ``read --kinds``) told the `tilelens waits` line (``scorer.cli.waits_named``),
    one tile over told to score the hand without its discard (``scorer.cli.tile_over``), and a whole hand given to
    waits the `tilelens score` line (``scorer.cli.score_named``), each line with the options given (``_given_options``;
    ``opts``: as ``_options`` reads them). Any other error as it is."""
    if exc.problem is not InputProblem.COUNT:
        return exc
    if (kan := _kan_hint(exc, " ".join(args.hand), opts["melds"], game, want)) is not exc:
        return kan
    try:
        codes, meld_specs = parse_tiles(" ".join(args.hand), game, "hand"), parse_melds(opts["melds"])
    except RiichiInputError:
        return exc
    counted = len(codes) + 3 * len(meld_specs)
    if want == 14 and counted == 13:
        en, ja = waits_named(args.game, [*args.hand, *_given_options(args, opts, "waits")])
    elif want == 14 and counted == 15:
        en, ja = tile_over(want, "--win-tile")
    elif want == 13 and counted == 14:
        en, ja = score_named(args.game, [*args.hand, *_given_options(args, opts, "score")])
    else:
        return exc
    return RiichiInputError(InputProblem.COUNT, f"{exc}{en}", f"{exc.message_ja or exc}{ja}")


def _given_options(args: argparse.Namespace, opts: dict[str, Any], command: str) -> list[str]:
    """The options given (``args``; the lists as ``_options`` split them, ``opts``) as the line of `tilelens {command}`
    that a count error names writes them after the hand, each by its first name: a user copying the line keeps the
    seat, the dora, riichi and the rest (a line of the hand and its melds alone scored another hand). A waits line
    leaves out what only a win has (``_WIN_ONLY``: waits refuses it); ``--game`` is the line's own."""
    words: list[str] = []
    for action in _parser(f"tilelens {command}", scoring=command == "score")._actions:
        key = action.dest
        if not action.option_strings or key in ("help", "game") or (command == "waits" and key in _WIN_ONLY):
            continue
        value = opts.get(key, getattr(args, key, None))
        if value is None or value is False or value == action.default:  # not given (or given as the default)
            continue
        option = action.option_strings[0]
        words += [option] if value is True else [option, *value] if isinstance(value, list) else [option, str(value)]
    return words


def _kan_hint(exc: RiichiInputError, hand: str, melds: Any, game: Any, want: int) -> RiichiInputError:
    """A hand ``want`` tiles long given one over per four of a kind it holds (``234m456p678s22z5555z``: a kan
    written among the concealed tiles, where it counts 4, not 3): ``exc`` told how to write it, ``--melds
    ankan:5555z``; any other error as it is."""
    if exc.problem is not InputProblem.COUNT:
        return exc
    try:
        codes, meld_specs = parse_tiles(hand, game, "hand"), parse_melds(melds)
    except RiichiInputError:
        return exc
    over = len(codes) + 3 * len(meld_specs) - want
    quads = [mpsz(tile_ids(q)) for q in kans_in_row(codes, over)]
    if not quads:
        return exc
    named = f"{quads[0]} is" if len(quads) == 1 else f"{', '.join(quads)} are each"
    ankan = " ".join(f"ankan:{q}" for q in quads[:over])  # one over per kan: as many kans as tiles over
    kan = " ".join(f"kan:{q}" for q in quads[:over])
    return RiichiInputError(InputProblem.COUNT, f"{exc}; {named} four of a kind: write a kan as a meld, "
                            f"--melds {ankan} (concealed) or --melds {kan} (called)",
                            f"{exc.message_ja or exc}。{'・'.join(quads)} は4枚そろっています: カンは鳴きとして書いてください "
                            f"(暗カンなら --melds {ankan}、明カンなら --melds {kan})")


def _yaku_line(result: ScoreResult, lang: str = "en") -> str:
    if lang == "ja":  # a Japanese list: 、; each yaku's han counted as `score` counts them (場風 東 1翻)
        return "、".join(f"{y.name} {_yaku_worth(y, lang, '{han}翻')}" for y in listed_yaku(result)) or "役なし"
    return ", ".join(f"{y.name_en} {_yaku_worth(y, lang)}" for y in listed_yaku(result)) or "no yaku"


def _yaku_worth(hit: Any, lang: str = "en", han_words: str = "{han}") -> str:
    """What a yaku is worth as a line says it: its han (``han_words``: "{han}翻", "{han} han"), the limit it is
    paid as whatever its han (renhou under ``renhou = "mangan"``: "mangan", 満貫; ``LimitYakuHit``), or a yakuman
    as one (役満, ダブル役満: ``_yakuman_word``), not "13翻", as the app says it."""
    limit = getattr(hit, "limit_ja" if lang == "ja" else "limit", "")
    return limit or _yakuman_word(hit, lang) or han_words.format(han=hit.han)


def _yakuman_word(hit: Any, lang: str = "en") -> str:
    """A yaku that is a yakuman said as one in ``lang``: 「役満」, 「ダブル役満」 ("yakuman", "double yakuman"); its han
    are the scorer's count of it. "" for any other yaku, and for the dora lines (``listed_yaku``: 13 dora are 13
    han, a counted yakuman's part): ``scorer.riichi_rules.yakuman_times``, as the app's ``yakuman_said``.

    >>> from scorer.result import YakuHit
    >>> _yakuman_word(YakuHit("大三元", "Daisangen", han=13)), _yakuman_word(YakuHit("国士無双十三面待ち", "K", han=26), "ja")
    ('yakuman', 'ダブル役満')
    >>> _yakuman_word(YakuHit("清一色", "Chinitsu", han=6)), _yakuman_word(YakuHit("ドラ", "Dora", han=13))
    ('', '')
    """
    ja, en = LIMIT_NAMES.get({1: "yakuman", 2: "2x yakuman"}.get(yakuman_times(hit), ""), ("", ""))
    return ja if lang == "ja" else en


def _limit_alone(result: ScoreResult) -> bool:
    """Whether a riichi result is said by its limit alone, its han unsaid: a hand paid as a limit by a yaku that is
    one (``han_mean_nothing``: renhou as a mangan), or a yakuman of yaku ("double yakuman", not "26 han (double
    yakuman)"); a counted yakuman (数え役満, ordinary yaku and dora to 13 han) keeps the han that made it."""
    x = result.extra
    return han_mean_nothing(x) or (bool(x.get("limit")) and any(_yakuman_word(y) for y in result.yaku))


def _value(result: ScoreResult, lang: str = "en") -> str:
    x = result.extra
    ja = lang == "ja"
    reason = (result.reason_ja or result.reason) if ja else result.reason
    if not result.yaku:
        return reason or ("役なし" if ja else "no yaku")
    limit = f" {x['limit_ja' if ja else 'limit']}" if x.get("limit") else ""
    han = f"{x['han']}翻" if ja else f"{x['han']} han"
    if _limit_alone(result):  # renhou as a mangan: "mangan", not "5 han mangan"; a yakuman: "yakuman"
        han, limit = limit.strip(), ""
    value = f"{result.value:,}点" if ja else f"{result.value:,}"  # 1,300点, as `score` says a value
    text = f"{value} ({han}{_fu(x, lang)}{limit}: {_yaku_line(result, lang)})"
    return text if result.winning else f"{text}; {reason}"


def _fu(extra: dict[str, Any], lang: str = "en") -> str:
    """`` 30 fu`` after the han; nothing where they mean nothing (``fu_mean_nothing``: a yakuman)."""
    return "" if fu_mean_nothing(extra) else f" {extra['fu']}符" if lang == "ja" else f" {extra['fu']} fu"


# A tile as a Japanese player writes it in a group (``_group_text``): 一..九 and 萬 筒 索 (赤五 for a red five), the
# honours by their kanji: 一二三萬, 赤五五五萬, 東東 (as the app's tiles read, not the notation's ids).
_DIGITS_JA = dict(zip("123456789", "一二三四五六七八九"), **{"0": "赤五"})
_SUITS_JA = {"m": "萬", "p": "筒", "s": "索"}
_HONOURS_JA = dict(zip("1234567", "東南西北白發中"))


def _tiles_ja(tiles: list[str]) -> str:
    """A group's tiles in kanji: one suit's numbers then its suit (一二三萬), honours each by its kanji (東東)."""
    suits = {t[1] for t in tiles}
    if suits == {"z"}:
        return "".join(_HONOURS_JA[t[0]] for t in tiles)
    if len(suits) == 1:
        return "".join(_DIGITS_JA[t[0]] for t in tiles) + _SUITS_JA[tiles[0][1]]
    return " ".join(_tiles_ja([t]) for t in tiles)  # kokushi: tile by tile


def _group_text(group: dict[str, Any], lang: str = "en") -> str:
    """One group in mpsz ("123m", "777z(pon)"); mixed suits (kokushi) tile by tile. In Japanese in kanji
    ("一二三萬", "中中中(ポン)")."""
    tiles = group["tiles"]
    if lang == "ja":
        text = _tiles_ja(tiles)
    elif len({t[1] for t in tiles}) == 1:
        text = mpsz(tiles)
    else:
        text = " ".join(tiles)
    label = (group.get("label_ja") or group["label"]) if lang == "ja" else group["label"]
    return f"{text}({label})" if label else text


# What ``format_result`` and ``format_waits`` say, line by line, in each language (the flow is written once); a
# hand that does not win is led as the Donjara games lead it (``scorer.cli.RESULT_WORDS``), ``{s}`` is the English
# plural's "s" ("1 wait", "2 waits").
WORDS: dict[str, dict[str, str]] = {
    "en": {"no_win": "not a win: {reason}", "yaku": "  {name} {name_en:<44} {han:>6}", "han": "{han} han",
           "limit": " ({limit})",
           "value": "  {han} han{fu}{limit}: {value:,} points", "value_limit": "  {limit}: {value:,} points",
           "fu": "  fu: ", "sets": "  sets: ",
           "pays": "  {payer} pays {amount:,} points{note}",
           "pays_all": "  each of the others pays {amount:,} points ({amount:,} points all){note}",
           "pot": "  riichi sticks on the table: {pot:,} points; the winner receives {total:,} points",
           "far": "no waits: the hand is {away} tiles from a win", "none_left": "no waits left to draw",
           "waits": "{n} wait{s}:", "wait": "  {tile} {name_ja} ({remaining} left){flag}",
           "some_dead": "{n} wait{s}, {dead} with none left:",
           "all_dead": "{n} wait{s}, none left to win on: every copy is in view (hand, melds, discards, indicators); "
                       "still tenpai at an exhaustive draw",
           "ron": "    ron:   {value}", "tsumo": "    tsumo: {value}", "list": ", "},
    "ja": {"no_win": "上がりではありません: {reason}", "yaku": "  {name} {han:>3}", "han": "{han}翻",
           "limit": " ({limit_ja})",
           "value": "  {han}翻{fu}{limit}: {value:,}点", "value_limit": "  {limit}: {value:,}点",
           "fu": "  符の内訳: ", "sets": "  組み合わせ: ",
           "pays": "  {payer}が{amount:,}点払う{note}",
           "pays_all": "  子がそれぞれ{amount:,}点払う ({amount:,}点オール){note}",
           "pot": "  場のリーチ棒 {pot:,}点も受け取り、合計 {total:,}点です。",
           # a hand {away} tiles from a win is {away - 1}-shanten (``shanten``), as players say it
           "far": "テンパイしていません ({shanten}シャンテン)", "none_left": "待ち牌はもう残っていません",
           "waits": "待ち {n}種類:", "wait": "  {tile} {name_ja} (残り{remaining}枚){flag}",
           "some_dead": "待ち {n}種類 (うち{dead}種類は残りなし):",
           "all_dead": "待ち {n}種類。待ちはすべて残りなし (手牌・鳴き・捨て牌・ドラ表示牌で全部見えています)。"
                       "流局時はテンパイとして扱います",
           "ron": "    ロン: {value}", "tsumo": "    ツモ: {value}", "list": "、"},
}


def _head(result: ScoreResult, game: Any, lang: str) -> str:
    """The first line: the game, the win and its tile (by its name in the game's file, as the app's winning-tile
    box names it: 白, "White dragon"; its id where there is no game), the seat and round winds."""
    x = result.extra
    tile = _tile_name(game, x["win_tile"], lang)
    if lang == "ja":
        win = WIN_KIND_JA[x["win"]]
        return (f"{getattr(game, 'name_ja', result.game)}: {tile}{' ' if tile.isascii() else ''}で{win} (自風 "
                f"{Wind.parse(x['seat']).name_ja}、場風 {Wind.parse(x['round_wind'], 'round').name_ja})")
    return (f"{getattr(game, 'name_en', result.game)}: {x['win']} on {tile} (seat {x['seat']}, round "
            f"{x['round_wind']})")


def _tile_name(game: Any, tile_id: str, lang: str) -> str:
    """A tile as people say it, in ``lang``: the game file's name of it (五萬, "5 Man"; 中, "Red dragon"), the
    names the app shows (``app.components.i18n.name_of``); its id where there is no game or the game has no such
    tile."""
    from scorer.result import UnknownTileError

    try:
        kind = game.tile(tile_id)
    except (AttributeError, UnknownTileError):
        return tile_id
    return (kind.name_ja if lang == "ja" else kind.name_en) or tile_id


def format_result(result: ScoreResult, game: Any = None, lang: str = "en") -> str:
    """A plain-text score for a terminal: yaku and han, fu, the groups, who pays what, or why it is no win
    (``lang="ja"``: in Japanese, ``WORDS``)."""
    words, ja, x = WORDS[lang], lang == "ja", result.extra
    reason = (result.reason_ja or result.reason) if ja else result.reason
    head = _head(result, game, lang)
    if not result.yaku and not result.winning:
        return f"{head}\n" + words["no_win"].format(reason=reason)
    # a hand that does not win is said so under the head, before what it is worth (as the Donjara games say it)
    lines = [head] if result.winning else [head, words["no_win"].format(reason=reason)]
    for y in listed_yaku(result):  # the dora that count are lines too: the han listed add up to the hand's
        lines.append(words["yaku"].format(name=pad_columns(y.name, 18), name_en=y.name_en,
                                          han=_yaku_worth(y, lang, words["han"])))
    limit = words["limit"].format(limit_ja=x["limit_ja"], limit=x["limit"]) if x.get("limit") else ""
    if _limit_alone(result):  # renhou as a mangan: "mangan: 8,000 points", not "5 han (mangan)"; a yakuman so
        lines.append(words["value_limit"].format(limit=x["limit_ja" if ja else "limit"], value=result.value))
    else:
        lines.append(words["value"].format(han=x["han"], fu=_fu(x, lang), limit=limit, value=result.value))
    if x["fu_details"] and not fu_mean_nothing(x):  # fu count for nothing in a yakuman (kokushi has none)
        label = "label_ja" if ja else "label"  # a fu with no Japanese label keeps its English one
        lines.append(words["fu"] + words["list"].join(f"{d.get(label) or d['label']} {d['fu']}"
                                                      for d in x["fu_details"]))
    for note in x.get("notes", ()):  # what was given and left out (renhou or dora beside a yakuman)
        lines.append(f"  {note['text_ja' if ja else 'text']}")
    if result.decomposition:
        lines.append(words["sets"] + "  ".join(_group_text(g, lang) for g in result.decomposition))
    if not result.winning:
        return "\n".join(lines)
    alike = _all_alike(result)  # a dealer's tsumo: one line, not three of the same, as the app says it
    for p in result.payments[:1] if alike else result.payments:
        said = (PAO_NOTE_JA if p.note == PAO_NOTE else payment_note_ja(p.note)) if ja else p.note  # a liable half
        note = f" ({said})" if p.note else ""
        lines.append(words["pays_all" if alike else "pays"].format(payer=payer_ja(p.payer) if ja else p.payer,
                                                                   amount=p.amount, note=note))
    if result.pot:
        lines.append(words["pot"].format(pot=result.pot, total=x["total_received"]))
    return "\n".join(lines)


def _all_alike(result: ScoreResult) -> bool:
    """Every payer of a tsumo pays the same, with the same note (a dealer's tsumo): said in one line, "each of the
    others pays 4,000 points (4,000 points all)", as the app says it (``app.components.result.all_alike``)."""
    return len(result.payments) > 1 and len({(p.amount, p.note) for p in result.payments}) == 1


def format_waits(found: list[RiichiWait], away: int, game: Any = None, lang: str = "en") -> str:
    """A plain-text list of waits for a terminal (``lang="ja"``: in Japanese, ``WORDS``)."""
    words = WORDS[lang]
    if not found:
        return words["far"].format(away=away, shanten=away - 1) if away != 1 else words["none_left"]
    dead = sum(w.dead for w in found)
    head = "all_dead" if dead == len(found) else "some_dead" if dead else "waits"
    lines = [words[head].format(n=len(found), s="" if len(found) == 1 else "s", dead=dead)]
    for w in found:
        flag = f"  [{w.note_ja if lang == 'ja' else w.note}]" if w.note else ""
        lines.append(words["wait"].format(tile=w.tile, name_ja=w.name_ja, remaining=w.remaining, flag=flag))
        if w.dead:  # no copy left to win on: what a win would score is no answer (JSON keeps it)
            continue
        lines.append(words["ron"].format(value=_value(w.ron, lang)))
        lines.append(words["tsumo"].format(value=_value(w.tsumo, lang)))
    return "\n".join(lines)
