"""The Donjara engine: ``score``, ``waits`` and ``tiles_from_win`` for any game whose file says
``engine = "donjara"``. Riichi games are handed to ``scorer.riichi`` (imported only when needed).

>>> r = score("yokai-watch", ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03", "yokai-03", "almighty"],
...           riichi=True)
>>> r.winning, r.points, [p.amount for p in r.payments]
(True, 120, [40, 40, 40])
>>> r.decomposition[2]["almighty"]
[{'tile': 'almighty', 'as': 'yokai-03'}]
>>> score("yokai-watch", ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03", "yokai-03", "almighty"]).reason
'a win needs a riichi first, or a hand one tile from winning as dealt (with one: worth 120 by tsumo at 4 players, 100 by ron)'
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from scorer.catalog import Game, TileKind, load_game, shown, tile_people
from scorer.groups import GameIndex, Group, Hand
from scorer.payout import payments, remainder_apart, split_parts
from scorer.result import (HandError, InputProblem, ScoreResult, WinKind, YakuHit, count_words, game_name_en,
                           game_name_ja, quoted_ja)
from scorer.rules import ChomboCase, DonjaraRules, Yaku, donjara_rules, played_by
from scorer.search import Candidates, best_yaku, enabled_yaku, find_cover, yaku_label

if TYPE_CHECKING:
    from scorer.distance import NearMiss

TileLike = str | TileKind


@dataclass(frozen=True)
class ScoreOptions:
    """How the hand was won and the table's switches (all optional)."""

    win: WinKind = WinKind.TSUMO
    players: int | None = None  # None: the game's default
    riichi: bool = False  # the winner had declared riichi
    favourite: str | None = None  # the winner's favourite idol (Cinderella Girls 担当)
    favourite_doubling: bool = True  # house rule switch for the favourite doubling
    dealt_tenpai: bool = False  # the hand was one tile from winning as dealt (Yokai Watch exception)
    winning_tile: str | None = None  # the tile that completed the hand
    own_discard: bool = False  # ron on a tile the winner had discarded earlier this hand
    declared: bool = False  # a player declared the win (a non-winning hand is then a chombo, if the game says)
    pot: int = 0  # riichi chips already on the table (carried over, other players')
    local_yaku: bool | tuple[str, ...] = False  # enable local yaku: True for all, or their ids (one id as a str)
    scouted: tuple[tuple[str, ...], ...] = ()  # groups completed by a Scout (claimed discard): fixed; a group a str


@dataclass(frozen=True)
class Wait:
    """A tile kind that completes a hand one tile short, with what the win would be worth."""

    tile: str
    name_ja: str
    name_en: str
    yaku: YakuHit
    points: int
    remaining: int  # copies not already in the hand
    note: str = ""
    decomposition: tuple[dict[str, Any], ...] = ()
    note_ja: str = ""  # ``note`` in Japanese

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict (the ``waits --json`` shape)."""
        return {"tile": self.tile, "name_ja": self.name_ja, "name_en": self.name_en,
                "yaku": {"name": self.yaku.name, "name_en": self.yaku.name_en, "points": self.yaku.points},
                "points": self.points, "remaining": self.remaining, "note": self.note, "note_ja": self.note_ja,
                "decomposition": list(self.decomposition)}


@runtime_checkable
class WaitLike(Protocol):
    """A wait of any game, as ``waits`` lists it: a Donjara ``Wait`` or a riichi ``scorer.riichi.RiichiWait`` (which
    has ``ron`` and ``tsumo`` results and ``dead`` besides). What a caller may read of either."""

    @property
    def tile(self) -> str: ...

    @property
    def name_ja(self) -> str: ...

    @property
    def name_en(self) -> str: ...

    @property
    def yaku(self) -> YakuHit: ...

    @property
    def points(self) -> int: ...

    @property
    def remaining(self) -> int: ...

    @property
    def note(self) -> str: ...

    @property
    def note_ja(self) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...


def as_game(game: Game | str) -> Game:
    """A Game from a Game, a game id or a game file path."""
    return game if isinstance(game, Game) else load_game(game)


def default_win(game: Game | str) -> str:
    """How a hand of ``game`` is won where nobody says (``"tsumo"`` or ``"ron"``): what ``score`` and `tilelens score`
    take without a ``win``, and the win kind the app starts a new hand at. A riichi table's ``[riichi] default_win``
    (Tokyo Mahjong's: ron); a Donjara game's ``ScoreOptions.win`` (tsumo: no Donjara rule table names one)."""
    game = as_game(game)
    if game.engine == "riichi":
        from scorer.riichi_rules import rules_for  # the ``mahjong`` package: loaded for a riichi game alone

        return str(rules_for(game).default_win)
    return str(ScoreOptions.win.value)


def parse_hand(game: Game | str, tiles: Iterable[TileLike], size: int | None = None) -> Hand:
    """Tile kinds of a hand; ``HandError`` on a wrong count or more copies than the set holds.

    ``game``: a ``Game``, or a game's id or file as ``score`` takes it. ``tiles`` is a list of ids / Japanese
    names / ``TileKind``, or one string of them separated by spaces or commas.

    >>> [t.id for t in parse_hand(load_game("nogizaka"), "らりん, rarin miona")]
    ['rarin', 'rarin', 'miona']
    >>> [t.id for t in parse_hand("nogizaka", "rarin")]
    ['rarin']
    """
    game = as_game(game)
    if isinstance(tiles, str):
        tiles = tiles.replace(",", " ").split()
    elif isinstance(tiles, (bytes, bytearray, Mapping)) or not isinstance(tiles, Iterable):
        raise HandError(f"tiles: {shown(tiles)} is no hand: give the tiles as a list of ids or Japanese names, or one "
                        f"string of them", f"牌 (tiles): {shown(tiles)}は手牌ではありません: 牌の id か名前のリスト、"
                        f"またはそれを並べた文字列にしてください", InputProblem.NOTATION)
    hand = tuple(t if isinstance(t, TileKind) else game.tile(str(t)) for t in tiles)
    if size is not None and len(hand) != size:  # one wording for every game, as the app asks
        raise HandError(*count_words((size,), len(hand)), InputProblem.COUNT)
    for kind_id, n in Counter(t.id for t in hand).items():
        kind = game.tile(kind_id)
        if n > kind.copies:  # the tile and the set by the names players know (``tile_name_en``)
            name = tile_name_en(kind)
            name_ja = kind.name_ja or kind.id
            set_ja = f"「{game.name_ja}」の" if game.name_ja else "この"
            raise HandError(f"too many {name}: {n} in the hand, the {game.name_en or game.id} set holds {kind.copies}",
                            f"{name_ja}が {n}枚あります。{set_ja}セットには {kind.copies}枚しかありません", InputProblem.COPIES)
    return hand


def tile_name_en(kind: TileKind) -> str:
    """A tile as an English message names it: its English name, with its id beside it for a script where the id is
    another word than the name ("Uzuki Shimamura (shimamura-uzuki)"); the name alone where the id only writes it
    again ("Rarin", not "Rarin (rarin)") or the name has a bracket of its own ("Almighty (Green)", not "Almighty
    (Green) (almighty-green)").

    >>> g = load_game("nogizaka")
    >>> tile_name_en(g.tile("almighty-lightblue")), tile_name_en(g.tile("rarin"))
    ('Almighty (Light blue)', 'Rarin')
    >>> tile_name_en(load_game("cinderella-neo").tile("shimamura-uzuki"))
    'Uzuki Shimamura (shimamura-uzuki)'
    """
    name = kind.name_en or kind.name_ja or kind.id
    if name == kind.id or "(" in name or re.sub(r"[\W_]", "", name.lower()) == re.sub(r"[\W_]", "", kind.id.lower()):
        return name
    return f"{name} ({kind.id})"


def _option_error(message: str, message_ja: str) -> HandError:
    return HandError(message, message_ja, InputProblem.OPTION)


# The options of a Donjara ``score`` as a Japanese message names them, beside their keys.
OPTION_JA = {"win": "上がり方", "players": "人数", "riichi": "リーチ", "favourite": "担当アイドル",
             "favourite_doubling": "担当アイドルの倍付け", "dealt_tenpai": "配牌でテンパイの手",
             "winning_tile": "上がり牌", "own_discard": "自分の捨て牌でのロン", "declared": "上がりの宣言",
             "pot": "場のリーチのチップ", "local_yaku": "ローカル役", "scouted": "スカウトした組"}


def _checked_types(options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with each of the right type, as every game takes it: ``win`` in any case (``"RON"``), a tile as
    its ``TileKind`` too; a ``HandError`` naming the option for one of another type (``players="4"``, ``riichi="yes"``:
    a string is true)."""
    checked = dict(options)

    def refuse(name: str, want: str, want_ja: str) -> HandError:
        return _option_error(f"{name} must be {want}, got {options[name]!r}",
                             f"{OPTION_JA.get(name, name)} ({name}) は{want_ja}にしてください (いま {quoted_ja(options[name])})")

    if "win" in options and not isinstance(options["win"], WinKind):
        win = options["win"]
        said = win.strip().lower() if isinstance(win, str) else None
        if said not in set(WinKind):
            raise _option_error(f"win must be tsumo or ron, got {win!r}",
                                f"上がり方はツモ (tsumo) かロン (ron) にしてください (いま {quoted_ja(win)})")
        checked["win"] = WinKind(said)
    for name in ("players", "pot"):
        if name not in options or name == "players" and options[name] is None:  # players None: the game's default
            continue
        if not isinstance(options[name], int) or isinstance(options[name], bool):  # pot=None too: no number
            raise refuse(name, "a whole number", "整数")
    for name in ("riichi", "favourite_doubling", "dealt_tenpai", "own_discard", "declared"):
        if name in options and not (isinstance(options[name], bool) or options[name] in (0, 1)
                                    and isinstance(options[name], int)):
            raise refuse(name, "True or False", " True か False ")
    for name in ("favourite", "winning_tile"):
        value = options.get(name)
        if isinstance(value, TileKind):
            checked[name] = value.id
        elif value is not None and not isinstance(value, str):
            raise refuse(name, "a tile (its id or Japanese name)", "牌 (id か名前) ")
    if "scouted" in options:
        checked["scouted"] = _scouted_groups(options["scouted"])
    return checked


def _scouted_groups(value: Any) -> tuple[tuple[str, ...], ...]:
    """``scouted`` as groups of tile tokens: a list of groups, each a list of tiles (ids, Japanese names,
    ``TileKind``) or one string of them; one string alone is one group (not a group a character). A
    ``HandError`` naming the option for anything else (``scouted=3``)."""
    def refuse() -> HandError:
        return _option_error(f"scouted must be a list of groups, each a list of tiles or one string of them "
                             f"(e.g. [[\"rarin\", \"rarin\", \"rarin\"]]), got {shown(value)}",
                             f"スカウトした組 (scouted) は組のリストにしてください。組はそれぞれ牌のリストか牌を並べた"
                             f"文字列です (例: [[\"rarin\", \"rarin\", \"rarin\"]]) (いま {shown(value)})")

    if isinstance(value, str):
        value = (value,)
    if isinstance(value, (bytes, bytearray, Mapping)) or not isinstance(value, Iterable):
        raise refuse()
    groups = []
    for group in value:
        if isinstance(group, str):
            groups.append(tuple(group.replace(",", " ").split()))
        elif isinstance(group, (bytes, bytearray, Mapping)) or not isinstance(group, Iterable):
            raise refuse()
        else:
            tokens = tuple(t.id if isinstance(t, TileKind) else t for t in group)
            if not all(isinstance(t, str) for t in tokens):
                raise refuse()
            groups.append(tokens)
    return tuple(groups)


def local_yaku_ids(game: Game, rules: DonjaraRules, value: Any) -> bool | tuple[str, ...]:
    """``local_yaku`` as the engine takes it: True (every local yaku), False (none) or the ids of the ones
    enabled, each a local yaku of ``game``; one string is one id. A ``HandError`` naming the option for another
    type (``local_yaku=3``) or an id the game has no local yaku of (its local yaku listed): an unknown one was
    ignored, a string read a character an id."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        value = (value,)
    known = sorted(y.id for y in rules.yaku if y.local)
    if isinstance(value, (bytes, bytearray, Mapping)) or not isinstance(value, Iterable):
        ids: list[Any] = [None]
    else:
        ids = list(value)
    if not all(isinstance(i, str) for i in ids):
        listed = f"local yaku: {', '.join(known)}" if known else f"{game_name_en(game.id, game)} has none"
        listed_ja = f"ローカル役: {', '.join(known)}" if known else f"{game_name_ja(game.id, game)}にはありません"
        raise _option_error(f"local_yaku must be True, False or a list of local yaku ids ({listed}), got "
                            f"{shown(value)}", f"ローカル役 (local_yaku) は True か False、またはローカル役の id の"
                            f"リストにしてください ({listed_ja}) (いま {shown(value)})")
    for name in ids:
        if name not in known:
            raise _option_error(f"unknown local yaku {name!r} for {game_name_en(game.id, game)} (local yaku: "
                                f"{', '.join(known) or 'none'})",
                                f"{quoted_ja(name)}は{game_name_ja(game.id, game)}のローカル役にありません (ローカル役: "
                                f"{', '.join(known) or 'なし'})")
    return tuple(ids)


def _options(game: Game, rules: DonjaraRules, options: dict[str, Any]) -> ScoreOptions:
    known = tuple(ScoreOptions.__dataclass_fields__)
    unknown = set(options) - set(known)
    if unknown:
        raise _option_error(f"unknown score option(s): {', '.join(sorted(unknown))} (the options of "
                            f"{game_name_en(game.id, game)} are {', '.join(known)})",
                            f"対応していない採点の設定です: {', '.join(sorted(unknown))} (使える設定は {', '.join(known)})")
    options = _checked_types(options)
    opts = ScoreOptions(**options)
    win = WinKind(opts.win)
    players = rules.win.players_default if opts.players is None else opts.players
    if not rules.win.players_min <= players <= rules.win.players_max:  # said as `tilelens check --players` says it
        raise _option_error(*played_by(game, rules.win.players_min, rules.win.players_max, got=players))
    if opts.pot < 0:
        raise _option_error(f"the pot is the riichi chips on the table in points, 0 or more, got {opts.pot}",
                            f"場のリーチのチップは点数で 0 以上にしてください (いま {opts.pot})")
    if opts.pot and not rules.payout.riichi_chip:
        raise _option_error(f"{game.id} has no riichi chips, so no pot (got {opts.pot})",
                            f"「{game.name_ja}」にはリーチのチップがありません。場のリーチのチップは 0 にしてください (いま {opts.pot})")
    if opts.pot % max(rules.payout.riichi_chip, 1):
        raise _option_error(f"the pot is riichi chips of {rules.payout.riichi_chip} points each, so a multiple of "
                            f"{rules.payout.riichi_chip}, got {opts.pot}",
                            f"リーチのチップは1枚{rules.payout.riichi_chip}点です。場のリーチのチップは {rules.payout.riichi_chip} "
                            f"の倍数にしてください (いま {opts.pot})")
    if opts.favourite is not None and rules.payout.favourite_multiplier == 1:
        if not _box_has_favourite(game):
            raise _option_error(*no_favourite_rule(game))  # by the game's name and its word: "favourite-member"
        game.tile(opts.favourite)  # still a tile of the game (a misspelt one is said)
        options = {**options, "favourite": None}  # a house table that switched it off: it changes nothing
    elif opts.favourite is not None:
        if game.tile(opts.favourite).almighty:
            en, ja = tile_people(game)
            raise _option_error(f"the favourite must be {'an' if en[:1] in 'aeiou' else 'a'} {en} tile, not "
                                f"{tile_name_en(game.tile(opts.favourite))}",
                                f"担当{ja}は{ja}の牌にしてください ({game.tile(opts.favourite).name_ja}はオールマイティです)")
    local = local_yaku_ids(game, rules, opts.local_yaku)
    scouted = opts.scouted  # groups of tokens (``_checked_types``)
    if scouted and not rules.scout.allowed:
        raise _option_error(f"{game.id} has no scouting (claimed groups)", f"「{game.name_ja}」にはスカウトがありません")
    for group in scouted:
        if len(group) < rules.scout.min_size:
            raise _option_error(f"a scouted group holds at least {rules.scout.min_size} tiles, got {len(group)}",
                                f"スカウトした組は{rules.scout.min_size}枚以上にしてください (いま {len(group)}枚)")
    return ScoreOptions(**{**options, "win": win, "players": players, "local_yaku": local, "scouted": scouted})


def _box_has_favourite(game: Game) -> bool:
    """Whether the shipped table of ``game``'s id has a favourite rule (``favourite_multiplier`` above 1): a club's
    edited table that switches it off (``favourite_multiplier = 1``) keeps ``favourite`` as an option that
    changes nothing there (kept, not refused, like ``--no-favourite-doubling``); a game that never had one
    (Nogizaka) refuses it."""
    from scorer.catalog import GAMES_DIR, list_games
    from scorer.result import GameFileError

    if game.id not in list_games():
        return False
    try:  # the box's own file, by its path: the command line plays an edit in the app by the game's id
        return donjara_rules(load_game(GAMES_DIR / f"{game.id}.toml")).payout.favourite_multiplier > 1
    except (GameFileError, OSError):  # a shipped file that does not load has no rule to keep
        return False


def no_favourite_rule(game: Game) -> tuple[str, str]:
    """Why a favourite given is refused in ``game``, whose box has no favourite rule (``_box_has_favourite``): in
    English and Japanese, by the game's name and its word for the people on its tiles (``tile_people``).

    >>> no_favourite_rule(load_game("nogizaka"))[0]
    'Nogizaka Donjara has no favourite-member rule'
    """
    en, ja = tile_people(game)
    return (f"{game_name_en(game.id, game)} has no favourite-{en} rule",
            f"{game_name_ja(game.id, game)}には担当{ja}のルールがありません")


def fixed_masks(game: Game, hand: Hand, scouted: tuple[tuple[str, ...], ...]) -> tuple[int, ...]:
    """Bit masks of the hand positions of each scouted group (each tile taken once)."""
    free = list(range(len(hand)))
    masks = []
    for group in scouted:
        mask = 0
        for token in group:
            kind = game.tile(token)
            pos = next((p for p in free if hand[p] is kind), None)
            if pos is None:
                raise HandError(f"the scouted tile {tile_name_en(kind)} is not in the hand (or is in two scouted "
                                "groups)",
                                f"スカウトした {kind.name_ja}が手牌にありません (または2つのスカウトした組に入っています)",
                                InputProblem.OPTION)
            free.remove(pos)
            mask |= 1 << pos
        masks.append(mask)
    return tuple(masks)


def check_scouted(cands: Candidates) -> None:
    """``HandError`` for a scouted group that is no group of the game (a set or a unit): a Scout only
    completes one, so three unrelated tiles were taken into a larger unit as if scouted together. Nor
    one of a kind or size the game's Scout never completes (``[scout] groups``), nor, where an Almighty
    is never claimed, one of Almighty tiles alone (its claimed tile would be one)."""
    rules = cands.ix.rules
    scout = rules.scout
    for mask in cands.fixed:
        size = bin(mask).count("1")
        held = [t for p, t in enumerate(cands.hand) if mask >> p & 1]
        tiles = ", ".join(t.name_en or t.id for t in held)  # an English screen names its tiles as the Japanese one does
        names = " ".join(t.name_ja for t in held)  # a Japanese screen names its tiles as the palette does
        kinds = [kind for kind in rules.groups if any(g.mask == mask for g in cands.get(kind, size))]
        kinds += [kind for kind in _group_kinds_alone(cands.ix, tuple(held)) if kind not in kinds]
        if not kinds:
            raise HandError(f"the scouted group {tiles} is not a set or a unit of the game: a Scout only "
                            f"completes one", f"スカウトした {names}はこのゲームのセットでもユニットでもありません",
                            InputProblem.OPTION)
        if not any(scout.completes(kind, size) for kind in kinds):
            allowed = ", ".join(f"a {rules.groups[k].name_en} of {lo}" + (f"-{hi}" if hi > lo else "")
                                for k, (lo, hi) in scout.groups.items())
            allowed_ja = "、".join(f"{lo}" + (f"〜{hi}" if hi > lo else "") + f"枚の{rules.groups[k].name_ja}"
                                  for k, (lo, hi) in scout.groups.items())
            only = (f"a Scout completes only {allowed}", f"スカウトで完成できるのは{allowed_ja}だけです")
            scoutable = next((k for k in kinds if k in scout.groups), None)
            if scoutable is None:  # a kind no Scout completes (Cinderella's "members of a 9-11 member unit",
                # a local yaku's): not named, as if the Scout had completed one
                raise HandError(f"the scouted group {tiles} is neither a set nor a unit that a Scout completes: "
                                f"{only[0]}", f"スカウトした {names}はスカウトで完成できるセットでもユニットでもありま"
                                f"せん。{only[1]}", InputProblem.OPTION)
            raise HandError(f"the scouted group {tiles} is a {size}-tile {rules.groups[scoutable].name_en}: {only[0]}",
                            f"スカウトした {names}は{size}枚の{rules.groups[scoutable].name_ja}です。{only[1]}",
                            InputProblem.OPTION)
        if not scout.almighty_claimable and all(t.almighty for t in held):
            raise HandError(f"the scouted group {tiles} holds only Almighty tiles, but a Scout claims a discarded "
                            f"idol: an Almighty can never be claimed",
                            f"スカウトした {names}はオールマイティだけです。オールマイティはスカウトできません",
                            InputProblem.OPTION)


def _group_kinds_alone(ix: GameIndex, tiles: Hand) -> list[str]:
    """The kinds of group ``tiles`` make by themselves. A scouted unit whose Almighty stands for a member the
    hand has drawn since is still the unit it was scouted as (not a group of another kind, nor none), though no
    split of the hand uses it (a unit never holds a member twice): the hand then does not win, as its waits
    say, rather than its group being refused."""
    alone = Candidates(ix, tiles)
    full = (1 << len(tiles)) - 1
    return [kind for kind in ix.rules.groups if any(g.mask == full for g in alone.get(kind, len(tiles)))]


def describe(hand: Hand, groups: tuple[Group, ...], rules: DonjaraRules,
             scouted: tuple[int, ...] = ()) -> tuple[dict[str, Any], ...]:
    """The decomposition that proves a win: each group's tiles, what each Almighty stands for, and whether a Scout
    completed it (``scouted``: the hand positions of each scouted group, ``fixed_masks``; the group is one of
    them exactly, ``scorer.search``)."""
    out = []
    for g in groups:
        kind = rules.groups[g.kind]
        out.append({"kind": g.kind, "kind_ja": kind.name_ja, "kind_en": kind.name_en, "label": g.label,
                    "label_ja": g.label_ja or g.label,
                    "tiles": [hand[p].id for p in g.positions],
                    "almighty": [{"tile": hand[p].id, "as": as_} for p, as_ in g.stands],
                    "scouted": g.mask in scouted})
    return tuple(out)


def score(game: Game | str, tiles: Iterable[TileLike], **options: Any) -> ScoreResult:
    """Score a hand: the best yaku, the points, who pays what; or why it does not win.

    ``game``: a ``Game``, a game id (``list_games()``) or the path of a game file; ``tiles``: tile ids, Japanese
    names or ``TileKind``, or one string of them (a riichi game's in mpsz notation too, ``"234m456p789s11z555z"``).

    A Donjara game's options: see ``ScoreOptions`` (``win``, ``players``, ``riichi``, ``favourite`` ...). A Donjara
    win needs ``riichi=True`` unless the game's exception applies; without it the result says so and ``value``
    keeps what the win would have been worth, won as asked (``win``: a ron its ron payment, a tsumo the total of
    its tsumo payments).

    A riichi game (``tokyo-mahjong``) takes the options of ``scorer.riichi.score`` instead: ``win_tile``, ``win``,
    ``melds``, ``dora_indicators``, ``seat``, ``round_wind``, ``honba``, ``riichi`` ... (``help(scorer.riichi)``
    says each):

    >>> r = score("tokyo-mahjong", "234m456p789s11z555z", win_tile="4m", win="ron", riichi=True,
    ...           dora_indicators=["3m"], seat="south")
    >>> [y.name_en for y in r.yaku], r.extra["han"], r.extra["fu"], r.points, r.pot
    (['Riichi', 'Yakuhai: white dragon'], 3, 40, 5200, 1000)

    Bad input raises a ``HandError`` (a riichi game's is its subclass ``RiichiInputError``; ``problem`` says which
    kind of mistake) or an ``UnknownTileError``: each a ``TilelensInputError``, with ``message_ja`` in Japanese.
    """
    game = as_game(game)
    if game.engine == "riichi":
        from scorer import riichi

        return riichi.score(game, tiles, **options)
    rules = donjara_rules(game)
    opts = _options(game, rules, options)
    hand = parse_hand(game, tiles, game.hand_size)
    winning_tile = _winning_tile(game, hand, opts)
    yaku = enabled_yaku(rules.yaku, opts.local_yaku)
    cands = Candidates(GameIndex.of(game), hand, fixed=fixed_masks(game, hand, opts.scouted))
    check_scouted(cands)
    found = best_yaku(yaku, cands)
    if found is None:
        return _no_win(game, rules, hand, opts, yaku)
    y, groups = found
    return _win(game, rules, hand, opts, y, groups, winning_tile)


def _tiles_from(game: Game, rules: DonjaraRules, hand: Hand, opts: ScoreOptions,
                yaku: tuple[Yaku, ...]) -> tuple[NearMiss, str, str] | None:
    """For a hand one or two tiles from a yaku (``scorer.distance.near_miss``, carried on the result too), that yaku
    and its worth in English and Japanese ("1 tile from Quartet Unit (360,000 fans)", 「あと1枚でカルテットユニット
    (36万)」; the most valuable of those as near); two tiles off, with the swaps that make it ("2 tiles from Basic set
    (60 points) by swapping Kotoko for Minami and Ashu for Minami": only where the swapped hand wins). None further
    off, or with a scouted group (the distance keeps none whole). A hand one tile off is what a misread tile makes:
    the generic hint (the simplest yaku) said nothing of it, nor of a hand two off. One tile off, the swap too, with
    the other tiles that would do (``_choices_said``: "by swapping Akari Tsujino for Miria Akagi (or another member of
    WONDERFUL M@GIC!!)"); two off, one swap's, worked out with the other swap made, said with its own tile alone ("by
    swapping Kako for Noriko (or one of 14 other tiles) and Shin for Momoka", ``scorer.distance.swap_offers``: every
    pair the words allow wins); where no swap is found, the yaku alone."""
    from scorer.distance import near_miss, swapped

    if opts.scouted:
        return None
    near = near_miss(GameIndex.of(game), hand, yaku)
    if near is None:
        return None
    y, away, swaps = near.yaku, near.away, near.swaps
    worth_ja = f"{y.points}{rules.payout.currency_ja}"  # 36万, 60点
    said_en = f"{away} tile{'s' if away > 1 else ''} from {y.name_en or y.name_ja} " \
              f"({amount_en(y.points, rules.payout.currency_en)})"
    said_ja = f"あと{away}枚で{y.name_ja} ({worth_ja})"
    # a swap with the other tiles that would do as well; of two, one swap's, the other swap made (its own tile
    # alone): every pair the words allow wins
    into = [_choices_said(game, rules, swapped(hand, swaps[:i] + swaps[i + 1:]), named)
            for i, (_, named) in enumerate(near.named())]
    if swaps:  # no colon: the reason is one sentence after "not a win: "
        said_en += " by swapping " + " and ".join(f"{a.name_en or a.id} for {en}"
                                                  for (a, _), (en, _) in zip(swaps, into))
        said_ja += "。" + "、".join(f"{a.name_ja}を{ja}に" for (a, _), (_, ja) in zip(swaps, into)) + "替えるとそろいます"
    return near, said_en, said_ja


def _choices_said(game: Game, rules: DonjaraRules, hand: Hand, named: tuple[TileKind, ...]) -> tuple[str, str]:
    """The tile a swap takes, in English and Japanese, with the others that would do (``named``: the one said first,
    then the others, as ``NearMiss.named`` gives them, each scored in ``hand`` as the swap finds it: a hand two off
    with its other swap made): one alone; two by name ("Syuko Shiomi or
    Mio Honda", 「塩見周子か本田未央」); more, one and the rest in a word, where every tile that word covers would do:
    a unit's ("Miria Akagi (or another member of WONDERFUL M@GIC!!)", 「赤城みりあ (またはWONDERFUL M@GIC!!のほかの
    メンバー)」), a group's marks ("(or another Passion Vo tile)", 「(またはほかのパッション・Voの牌)」), else their
    number ("(or one of 6 other tiles)")."""
    from scorer.attribute_names import value_name
    from scorer.groups import key_of

    example, *others = named
    name_en = example.name_en or example.id
    if not others:
        return name_en, example.name_ja
    if len(others) == 1:
        return f"{name_en} or {others[0].name_en or others[0].id}", f"{example.name_ja}か{others[0].name_ja}"
    in_hand = Counter(t.id for t in hand)
    ids = {t.id for t in named}

    def covers(tiles: Iterable[TileKind]) -> int:  # how many tiles a word covers: 0 where one of them would not do
        free = [t.id for t in tiles if not t.almighty and t.copies > in_hand[t.id]]
        return len(free) if example.id in free and len(free) > 1 and set(free) <= ids else 0

    words: list[tuple[int, str, str]] = []
    for unit in game.units:
        n = covers(game.tile(m) for m in unit.members)
        if n:
            name = unit.name_en or unit.name
            words.append((n, f"another member of {name}", f"{unit.name}のほかのメンバー"))
    for gk in rules.groups.values():
        if gk.same and "id" not in gk.same:
            key = key_of(gk, example)
            n = covers(t for t in game.tiles if key_of(gk, t) == key)
            if n:
                marks = [(value_name(a, v, "en", game), value_name(a, v, "ja", game)) for a, v in zip(gk.same, key)]
                words.append((n, f"another {' '.join(en for en, _ in marks)} tile",
                              f"ほかの{'・'.join(ja for _, ja in marks)}の牌"))
    if words:  # the word covering the most (a unit's before a group's of as many)
        _, en, ja = max(words, key=lambda w: w[0])
    else:
        en, ja = f"one of {len(others)} other tiles", f"ほかの{len(others)}種類のどれか"
    return f"{name_en} (or {en})", f"{example.name_ja} (または{ja})"


def _winning_tile(game: Game, hand: Hand, opts: ScoreOptions) -> TileKind | None:
    if opts.winning_tile is None:
        return None
    tile = game.tile(opts.winning_tile)
    if tile not in hand:
        raise HandError(f"the winning tile {tile_name_en(tile)} is not in the hand",
                        f"上がり牌 {tile.name_ja}が手牌にありません", InputProblem.WIN_TILE)
    return tile


# What a declared hand that does not win says after its reason where the game has no false-win chombo
# (English, Japanese)
NO_CHOMBO = ("declaring this hand a win is no chombo in this game",
             "このゲームでは上がりでない手で上がりを宣言してもチョンボになりません")
# What a declared complete hand that is refused (no riichi, a ron on an Almighty) says after its reason: its tiles
# are why it is no chombo, not the game (Nogizaka has the false-win chombo, so NO_CHOMBO would tell a falsehood)
COMPLETE_NO_CHOMBO = ("its tiles complete the hand, so declaring it a win is no chombo",
                      "牌は揃っているので、上がりを宣言してもチョンボになりません")


def _no_win(game: Game, rules: DonjaraRules, hand: Hand, opts: ScoreOptions, yaku: tuple[Yaku, ...]) -> ScoreResult:
    basic = yaku[-1]
    # what the simplest yaku needs, without the bracketed aside of its description (its payout, a house note),
    # so that the reason reads as one sentence; made from its groups where the file describes it not
    needs, needs_ja = yaku_needs(game, rules, basic)
    # one sentence after "not a win: " (not "not a win: no yaku: ..."); "no yaku" first, as a script may match it.
    # The yaku by its English name only: the English reason is English (an English screen shows it as it is; the
    # Japanese name is in ``reason_ja``, and beside the English one in the text's yaku lines)
    reason = f"no yaku in these tiles; the simplest, {basic.name_en or basic.name_ja}, needs {needs}"
    reason_ja = f"どの役の形にもなっていません。いちばん基本の役は{basic.name_ja} ({needs_ja}) です"
    extra: dict[str, Any] = {}
    # an Almighty that could make a yaku only as an idol already held (Merry Terrors lacking only 白坂小梅, whose tile
    # is in NiGHT ENCOUNTER): said before its type, which fits
    misfit = _held_twins(game, hand, opts, yaku) or _almighty_misfits(game, hand, opts, yaku)
    if misfit:  # an Almighty of another colour (type) is why: said instead of the simplest yaku's shape (and of
        # the near-win hint, not worked out at all: its swap search is the slow part of a hand that does not win)
        reason = "no yaku in these tiles; " + "; ".join(en for en, _ in misfit)
        reason_ja = "どの役の形にもなっていません。" + "。".join(ja for _, ja in misfit)
    elif (near := _tiles_from(game, rules, hand, opts, yaku)) is not None:  # a tile or two from a yaku (a misread
        # tile, a near miss): that yaku and the swaps that make it, not the simplest's shape as well (four lines on
        # a phone)
        reason, reason_ja = f"no yaku in these tiles; {near[1]}", f"どの役の形にもなっていません。{near[2]}"
        extra["near_miss"] = near[0].as_extra()  # the swaps said, for the app's picker to offer first
    # a yaku of the whole hand (one group of all its tiles) may hold a scouted group (``scorer.search._keeps_fixed``)
    whole = next((y for y in yaku if len(y.slots) == 1 and y.slots[0].size == game.hand_size), None)
    if opts.scouted and whole is not None:
        reason += (f"; a scouted group stays the group it was scouted as: never split, and joined to other tiles only "
                   f"in a yaku of the whole hand ({game.hand_size} tiles, such as {whole.name_en or whole.name_ja})")
        reason_ja += (f"。スカウトした組はそのままの組で、崩せません。ほかの牌と合わせられるのは、手牌すべてで1組の役 "
                      f"({whole.name_ja or whole.name_en}など{game.hand_size}枚の役) だけです")
    elif opts.scouted:
        reason += "; a scouted group stays the group it was scouted as, never split nor joined to other tiles"
        reason_ja += "。スカウトした組はそのままの組で、崩すこともほかの牌と合わせることもできません"
    capped = [k for k in rules.groups.values() if k.max_almighty is not None]
    # Yokai Watch: one a set (not where an Almighty of another colour is why: the hand wins with the right ones)
    if capped and not misfit and sum(k.almighty for k in hand) > min(k.max_almighty for k in capped):
        kind = min(capped, key=lambda k: k.max_almighty)
        reason += f"; at most {kind.max_almighty} Almighty in one {kind.name_en or kind.name_ja}"
        reason_ja += f"。オールマイティは1つの{kind.name_ja or kind.name_en}に{kind.max_almighty}枚までです"
    if opts.declared and ChomboCase.FALSE_WIN not in rules.chombo.cases:  # said, not dropped: the option is kept
        reason += f"; {NO_CHOMBO[0]}"
        reason_ja += f"。{NO_CHOMBO[1]}"
    if opts.declared and ChomboCase.FALSE_WIN in rules.chombo.cases:
        return _chombo(game, rules, ChomboCase.FALSE_WIN, ("chombo: declared a win with a hand that does not win",
                                                           "チョンボ: 上がりでない手で上がりを宣言しました"))
    return ScoreResult(game=game.id, winning=False, reason=reason, reason_ja=reason_ja, extra=extra)


def _almighty_misfits(game: Game, hand: Hand, opts: ScoreOptions, yaku: tuple[Yaku, ...]) -> list[tuple[str, str]]:
    """Why the hand's Almighty tiles that stand only for some tiles (``stands_for``: Nogizaka's colour Almighty, a
    Cinderella Girls type's) keep it from winning, a sentence of each language per such Almighty: where the hand
    would win were they to stand for any tile, each one that would then stand for a tile it may not (「同じ色の
    メンバー牌の代わりに使える」: two みさ先輩 and the green Almighty were told only that they make no yaku). None
    (an empty list) where the hand would not win so either: its reason is another."""
    from dataclasses import replace

    # in the game's tile order: which cover is found first (so which Almighty is said) never hangs on the order the
    # tiles were typed or read in (cinderella-neo's seed-6211 hand named one misfit or two as its tiles were shuffled)
    hand = GameIndex.of(game).in_order(hand)
    narrow = {p for p, kind in enumerate(hand) if kind.almighty and kind.stands_for}
    if not narrow:
        return []
    # the same Almighty standing for any tile (another id: ``GameIndex.fits`` keeps what an Almighty fits by its id)
    freed = tuple(replace(kind, id=f"{kind.id}#any", stands_for={}) if p in narrow else kind
                  for p, kind in enumerate(hand))
    found = best_yaku(yaku, Candidates(GameIndex.of(game), freed, fixed=fixed_masks(game, hand, opts.scouted)))
    if found is None:
        return []
    said: list[tuple[str, str]] = []
    for group in found[1]:
        for p, stands_as in group.stands:
            if p in narrow:
                line = _misfit_said(game, hand[p], stands_as)
                if line is not None and line not in said:
                    said.append(line)
    return said


def _names(kind: TileKind) -> tuple[str, str]:
    """A tile's name in English and Japanese, as a no-win reason says it: the other language's where the file gives
    it in one only, its id where in neither."""
    return kind.name_en or kind.name_ja or kind.id, kind.name_ja or kind.name_en or kind.id


def _held_twins(game: Game, hand: Hand, opts: ScoreOptions, yaku: tuple[Yaku, ...]) -> list[tuple[str, str]]:
    """Where the hand would win were an Almighty to stand for a unit member whose own tile is in the hand (a tile
    the set has one of: RULES.md 000's 81 idol tiles; a unit never holds a member twice, ``_unit_candidates``), that,
    a sentence of each language, the last saying the set has one tile of each, by the game's word for them
    (``tile_people``): "Almighty (Cool) would make a yaku as Koume Shirasaka, whose own tile is already in the hand;
    the set has one tile of each idol". As the hand does not win, a win found so (``Candidates(twins=True)``) has an
    Almighty standing for a held tile. An empty list where there is none."""
    ix = GameIndex.of(game)
    hand = ix.in_order(hand)  # said alike in any tile order
    almighty = [kind for kind in hand if kind.almighty]
    if not almighty or not game.units:
        return []
    # the unit groups the yaku take, by kind and size: searched only where a held tile's unit could be one with an
    # Almighty as that tile (the search is as slow as scoring the hand again)
    shapes = {(ix.rules.groups[kind], slot.size) for y in yaku for slot in y.slots for kind in slot.kinds
              if not ix.rules.groups[kind].same}
    plain = {kind.id for kind in hand if not kind.almighty}
    held = {kind.id: kind for kind in hand if not kind.almighty and kind.copies == 1}
    if not any(any(a.can_stand_for(kind) for a in almighty)
               and any(unit.name in ix.allowed_units(gk, size)
                       and len(plain.intersection(unit.members)) - 1 + len(almighty) >= size
                       for unit in ix.units_by_member.get(kind.id, ()) for gk, size in shapes)
               for kind in held.values()):
        return []
    best = best_yaku(yaku, Candidates(ix, hand, fixed=fixed_masks(game, hand, opts.scouted), twins=True))
    # each Almighty in a unit standing for a held tile (only the relaxed search lets it), in hand order
    found = sorted((p, held[stands_as]) for group in (best[1] if best is not None else ())
                   if not ix.rules.groups[group.kind].same for p, stands_as in group.stands if stands_as in held)
    said = []
    for p, target in found:
        # not the unit it stands in: the held tile's group may be a unit of that idol too, so which of the two is
        # said would hang on the search's order (白坂小梅 in NiGHT ENCOUNTER and in Merry Terrors)
        (a_en, a_ja), (t_en, t_ja) = _names(hand[p]), _names(target)
        said.append((f"{a_en} would make a yaku as {t_en}, whose own tile is already in the hand",
                     f"{a_ja}を{t_ja}の代わりにすれば役になりますが、{t_ja}の牌はもう手牌にあります"))
    if said:
        en, ja = said[-1]
        people, people_ja = tile_people(game)
        # no colon: the verdict line has its one ("not a win: ...")
        said[-1] = (f"{en}; the set has one tile of each {people}", f"{ja}。牌は{people_ja}1人に1枚です")
    return said


def _misfit_said(game: Game, almighty: TileKind, stands_as: Any) -> tuple[str, str] | None:
    """That ``almighty`` does not stand for ``stands_as`` (a tile id, or the attribute values a group shares), in
    English and Japanese: "Almighty (Green) stands only for a tile of its own colour (green), not for Misa-senpai
    (pink)"; None where it does."""
    from scorer.attribute_names import attribute_name, value_name

    if isinstance(stands_as, str):
        target = next((k for k in game.tiles if k.id == stands_as), None)
        if target is None or almighty.can_stand_for(target):
            return None
        values = dict(target.attrs)
    elif isinstance(stands_as, Mapping):
        values = dict(stands_as)
        if all(values.get(a, v) == v for a, v in almighty.stands_for.items()):
            return None
        target = None
    else:
        return None
    attrs = list(almighty.stands_for)
    own = all(almighty.attrs.get(a) == v for a, v in almighty.stands_for.items())

    def val(a: str, v: Any, lang: str) -> str:
        return value_name(a, str(v), lang, game) or str(v)

    names_en = " and ".join(attribute_name(a, "en", game) for a in attrs)
    names_ja = "・".join(attribute_name(a, "ja", game) for a in attrs)
    want_en = ", ".join(val(a, v, "en") for a, v in almighty.stands_for.items())
    want_ja = "・".join(val(a, v, "ja") for a, v in almighty.stands_for.items())
    has_en = ", ".join(val(a, values[a], "en") for a in attrs if a in values)
    has_ja = "・".join(val(a, values[a], "ja") for a in attrs if a in values)
    name_en, name_ja = _names(almighty)
    if own:
        only_en, only_ja = f"a tile of its own {names_en} ({want_en})", f"同じ{names_ja} ({want_ja}) の牌"
    else:
        only_en, only_ja = f"a tile whose {names_en} is {want_en}", f"{names_ja}が{want_ja}の牌"
    if target is not None:
        t_en, t_ja = _names(target)
        not_en, not_ja = f"{t_en} ({has_en})", f"{t_ja} ({has_ja}) "  # a space after the bracket
    else:
        not_en, not_ja = f"a tile of {has_en}", f"{has_ja}の牌"
    return (f"{name_en} stands only for {only_en}, not for {not_en}",
            f"{name_ja}は{only_ja}の代わりにしか使えず、{not_ja}の代わりにはなりません")


def yaku_needs(game: Game, rules: DonjaraRules, yaku: Yaku) -> tuple[str, str]:
    """What ``yaku`` needs, in English and in Japanese: its description without a bracketed aside (the file's
    ``description``, ``description_ja``), else an account made from its groups (``groups_account``). The no-win
    reason says it of the simplest yaku; ``tilelens games --yaku`` of a yaku the file gives no description."""
    en, ja = groups_account(game, rules, yaku)
    return _without_aside(yaku.description) or en, _without_aside(yaku.description_ja) or ja


_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def groups_account(game: Game, rules: DonjaraRules, yaku: Yaku) -> tuple[str, str]:
    """A yaku's groups and the rules across them in a line of each language, as the game file's names say them.

    >>> g = load_game("nogizaka")
    >>> groups_account(g, donjara_rules(g), donjara_rules(g).yaku[-1])
    ('three sets of 3 tiles', 'セット (3枚) を3組')
    """
    from scorer.attribute_names import attribute_name

    runs: list[list[Any]] = []  # [size, kinds, count]: the yaku's groups, one entry per run of like ones
    for slot in yaku.slots:
        if runs and (runs[-1][0], runs[-1][1]) == (slot.size, slot.kinds):
            runs[-1][2] += 1
        else:
            runs.append([slot.size, slot.kinds, 1])

    def kind_en(kind: str, n: int) -> str:
        """The group kind's English name, made plural for ``n`` other than 1 at its head noun: the word before
        " of " where it has one (a group said by its shape: "sets of one tile", not "set of one tiles"), else its
        last word; a name not ending in a Latin letter, or whose head ends in "s", as it is."""
        name = rules.groups[kind].name_en or rules.groups[kind].name_ja or kind
        head, of, rest = name.partition(" of ")
        words = head.split(" ")
        word = words[-1]
        if n == 1 or not (word[-1:].isascii() and word[-1:].isalpha()) or word.lower().endswith("s"):
            return name
        if word.lower().endswith(("sh", "ch", "x", "z")):
            word += "es"
        elif word.lower().endswith("y") and word[-2:-1].lower() not in ("", *"aeiou"):
            word = word[:-1] + "ies"
        else:
            word += "s"
        return " ".join([*words[:-1], word]) + of + rest

    def kind_ja(kind: str) -> str:
        return rules.groups[kind].name_ja or rules.groups[kind].name_en or kind

    def count(n: int) -> str:
        return _COUNT_WORDS[n] if n < len(_COUNT_WORDS) else str(n)

    def attr(a: str, lang: str) -> str:
        return ("tile" if lang == "en" else "牌") if a == "id" else attribute_name(a, lang, game)

    parts = [f"{count(n)} {' or '.join(kind_en(k, n) for k in kinds)} of {size} tiles" for size, kinds, n in runs]
    en = " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts)
    ja = "と".join(f"{'か'.join(kind_ja(k) for k in kinds)} ({size}枚) を{n}組" for size, kinds, n in runs)
    for a in yaku.uniform:
        en, ja = en + f", each group of one {attr(a, 'en')}", ja + f"、各組の{attr(a, 'ja')}がそろう"
    for a in yaku.same:
        en, ja = en + f", all of one {attr(a, 'en')}", ja + f"、{attr(a, 'ja')}はすべて同じ"
    for a in yaku.distinct:
        en, ja = en + f", each of a different {attr(a, 'en')}", ja + f"、{attr(a, 'ja')}はすべて違う"
    for kind, n in (yaku.min_kind or {}).items():
        en, ja = en + f", at least {count(n)} {kind_en(kind, n)}", ja + f"、{kind_ja(kind)}が{n}組以上"
    return en, ja


def _without_aside(text: str) -> str:
    """``text`` without a bracketed aside at its end.

    >>> _without_aside("three sets of one member each (ron: 60 from the discarder)"), _without_aside("一つ (二つ)")
    ('three sets of one member each', '一つ')
    """
    return re.sub(r"\s*[(（][^()（）]*[)）]\s*$", "", text or "").strip()


def _chombo(game: Game, rules: DonjaraRules, case: ChomboCase, reason: tuple[str, str], **fields: Any) -> ScoreResult:
    penalty = rules.chombo.penalty
    # ペナルティ, the word a child reads (seed 001 says 罰金300点); in English with the game's unit too
    fine = "1 point" if penalty == 1 and rules.payout.currency_en == "points" else \
        amount_en(penalty, rules.payout.currency_en)
    return ScoreResult(game=game.id, winning=False, reason=f"{reason[0]}; penalty {fine}", chombo=str(case),
                       penalty=penalty, reason_ja=f"{reason[1]}。ペナルティ {penalty}{rules.payout.currency_ja}", **fields)


def _win(game: Game, rules: DonjaraRules, hand: Hand, opts: ScoreOptions, y: Yaku, groups: tuple[Group, ...],
         winning_tile: TileKind | None) -> ScoreResult:
    multiplier = 1
    extra: dict[str, Any] = {"yaku_id": y.id, "players": opts.players, "win": str(opts.win)}
    if opts.favourite is not None:
        fav = game.tile(opts.favourite)
        extra["favourite"] = fav.id
        if opts.favourite_doubling and fav in hand and not fav.almighty:
            multiplier = rules.payout.favourite_multiplier
        else:  # said, not dropped: the tile held (an Almighty standing for it is not), or the house rule off
            extra["favourite_not_doubled"] = "house_rule" if not opts.favourite_doubling else "not_held"
    extra["multiplier"] = multiplier
    value = y.points * multiplier
    pays = payments(rules.payout, value, opts.win, opts.players)
    if opts.win is WinKind.TSUMO:
        extra.update(split_parts(rules.payout, value, opts.players))
    hit = YakuHit(name=yaku_label(y, groups, "ja", game), name_en=yaku_label(y, groups, "en", game), points=y.points)
    points = sum(p.amount for p in pays)
    scouted = fixed_masks(game, hand, opts.scouted)
    base = dict(yaku=(hit,), value=points, decomposition=describe(hand, groups, rules, scouted), extra=extra)
    refusal = _refusal(rules, opts, winning_tile, game)
    if refusal is not None:
        case, reason, how = refusal
        # ``value`` stays the win kind asked (a ron its 100, as the yaku says); the reason says the other beside it
        tsumo_pays = pays if opts.win is WinKind.TSUMO else payments(rules.payout, value, WinKind.TSUMO, opts.players)
        # the payments of the win the reason leads with: by tsumo where a ron is never allowed
        would_pay = tsumo_pays if how in (TSUMO_ONLY, TSUMO_ONLY_AFTER_RIICHI) else pays
        # a tsumo split's remainder said apart, as `score --json` says a win's (``scorer.cli.score_document``): the
        # payers settle it by rock-paper-scissors, so no payment holds it (it was on "player 1")
        would_pay, rest = remainder_apart(would_pay, split_parts(rules.payout, value, opts.players))
        extra["would_be_payments"] = [{"payer": p.payer, "amount": p.amount, "note": p.note} for p in would_pay]
        if rest is not None:
            extra["would_be_remainder"] = rest
        if case is not None:
            return _chombo(game, rules, case, reason, **base)
        worth = _worth(rules, opts, how, sum(p.amount for p in tsumo_pays), value)
        # a complete hand refused (no riichi, a ron on an Almighty) is no false win: declared, it is said to be no
        # chombo (RULES.md 001 lists Nogizaka's three cases), as a hand that does not win is where the game has none
        no_chombo = (f"; {COMPLETE_NO_CHOMBO[0]}", f"。{COMPLETE_NO_CHOMBO[1]}") if opts.declared else ("", "")
        return ScoreResult(game=game.id, winning=False, reason=f"{reason[0]} ({worth[0]}){no_chombo[0]}",
                           reason_ja=f"{reason[1]} ({worth[1]}){no_chombo[1]}", **base)
    own = rules.payout.riichi_chip if opts.riichi else 0
    if own:  # said apart, so that nobody pays the winner their own chip as if another player's
        extra["own_riichi_chip"] = own
    return ScoreResult(game=game.id, winning=True, points=points, payments=pays, pot=opts.pot + own, **base)


def _worth_unit_ja(rules: DonjaraRules) -> str:
    """What follows a worth in "リーチすれば120の手": nothing for points (点 goes unsaid, as players say it), but a
    currency that is a multiple (Cinderella Girls' 万: "12万の手", not "12の手") is part of the number."""
    return "" if rules.payout.currency_ja == "点" else rules.payout.currency_ja


def amount_en(n: int, currency_en: str) -> str:
    """An amount in English words, for a sentence: "1,200 points"; a unit that is a multiple ("x10,000 fans",
    Cinderella Girls' 万) multiplied out: 6 is "60,000 fans", not "6 x10,000 fans" (read as 6 times 10,000).

    >>> amount_en(6, "x10,000 fans"), amount_en(120, "points")
    ('60,000 fans', '120 points')
    """
    multiple = re.fullmatch(r"\s*[x×]\s*([\d,]+)\s+(.+)", currency_en)
    if multiple:
        return f"{n * int(multiple[1].replace(',', '')):,} {multiple[2]}"
    return f"{n:,} {currency_en}"


def _worth_en(rules: DonjaraRules, n: int) -> str:
    """The same in English: "worth 120 with one", but "worth 120,000 fans with one" (``amount_en`` of the unit as
    the game's file names it, ``currency_en``: "x10,000 fans"), not a bare 12."""
    return str(n) if rules.payout.currency_ja == "点" else amount_en(n, rules.payout.currency_en)


Said = tuple[str, str]  # (English, Japanese)

# How a refused hand could still be won, for what its reason says it would be worth (``_worth``)
WITH_RIICHI = "with-riichi"  # as asked, after a riichi
TSUMO_ONLY = "tsumo-only"  # by tsumo (no ron on a discarded Almighty)
TSUMO_ONLY_AFTER_RIICHI = "tsumo-only-after-riichi"  # by tsumo, after a riichi too


def _worth(rules: DonjaraRules, opts: ScoreOptions, how: str, tsumo: int, ron: int) -> Said:
    """What a refused hand would be worth, in English and Japanese: the win kind asked first (the result's
    ``value``), and the other beside it where the two differ (a tsumo whose shares are rounded up to the chip:
    Yokai Watch's 100 is 120 by tsumo at four players, 40 from each of three).

    >>> from scorer.catalog import load_game
    >>> g = load_game("yokai-watch")
    >>> _worth(donjara_rules(g), ScoreOptions(players=4), WITH_RIICHI, 120, 100)[0]
    'with one: worth 120 by tsumo at 4 players, 100 by ron'
    >>> _worth(donjara_rules(g), ScoreOptions(players=4), TSUMO_ONLY, 120, 100)[0]
    'worth 120 by tsumo at 4 players, 100 by ron on another tile'
    >>> _worth(donjara_rules(g), ScoreOptions(players=3), WITH_RIICHI, 100, 100)
    ('worth 100 with one', 'リーチすれば100の手')
    """
    def en(n: int) -> str:
        return _worth_en(rules, n)

    def ja(n: int) -> str:
        return f"{n}{_worth_unit_ja(rules)}"

    n = opts.players
    by_tsumo = (f"{en(tsumo)} by tsumo at {n} players", f"ツモなら{n}人で{ja(tsumo)}")
    if how == WITH_RIICHI:
        if tsumo == ron:
            return f"worth {en(ron)} with one", f"リーチすれば{ja(ron)}の手"
        by_ron = (f"{en(ron)} by ron", f"ロンなら{ja(ron)}")
        first, second = (by_tsumo, by_ron) if opts.win is WinKind.TSUMO else (by_ron, by_tsumo)
        return f"with one: worth {first[0]}, {second[0]}", f"リーチすれば、{first[1]}、{second[1]}の手"
    after, after_ja = (" after a riichi", "リーチして") if how == TSUMO_ONLY_AFTER_RIICHI else ("", "")
    if tsumo == ron:
        return f"worth {en(tsumo)} by tsumo{after}", f"{after_ja}ツモなら{ja(tsumo)}の手"
    lead, lead_ja = ("after a riichi: ", "リーチして、") if after else ("", "")  # a riichi for either
    return (f"{lead}worth {by_tsumo[0]}, {en(ron)} by ron on another tile",
            f"{lead_ja}{by_tsumo[1]}、ほかの牌でロンなら{ja(ron)}の手")


# A hand one tile from winning as dealt: 配牌でテンパイ, as players and the app's box say it (a native re-read found
# 「配られたときにあと1枚で上がりだった手」, after Yokai Watch's document, long and roundabout in a sentence).
DEALT_JA = "配牌でテンパイの"


def _refusal(rules: DonjaraRules, opts: ScoreOptions, winning_tile: TileKind | None, game: Game | None = None
             ) -> tuple[ChomboCase | None, Said, str] | None:
    """Why a hand that has a yaku may not win: (chombo case or None, reason said in English and Japanese,
    how it could still be won: ``WITH_RIICHI``, ``TSUMO_ONLY``, ...; "" for a chombo); None if it may. ``game``:
    whose own call for a riichi the reason names (``riichi_said``)."""
    cases = rules.chombo.cases
    if opts.own_discard and opts.win is WinKind.RON and ChomboCase.RON_ON_OWN_DISCARD in cases:
        return ChomboCase.RON_ON_OWN_DISCARD, ("chombo: ron on a tile the winner had discarded earlier",
                                               "チョンボ: 自分が前に捨てた牌でロンしました"), ""
    if winning_tile is not None and winning_tile.almighty:
        if ChomboCase.WIN_ON_ALMIGHTY in cases:
            return ChomboCase.WIN_ON_ALMIGHTY, ("chombo: winning on an Almighty tile is not allowed",
                                                "チョンボ: オールマイティで上がることはできません"), ""
        if opts.win is WinKind.RON and not rules.win.ron_on_almighty:
            return None, ("no ron on a discarded Almighty", "捨てられたオールマイティではロンできません"), \
                TSUMO_ONLY_AFTER_RIICHI if _needs_riichi(rules, opts) else TSUMO_ONLY
    if _needs_riichi(rules, opts):
        exempt = ", or a hand one tile from winning as dealt" if rules.win.dealt_tenpai_exempt else ""
        # in Japanese the exception leads the sentence: the bracket after it is the worth alone
        # 配牌でテンパイ, as the app's box and Rules page say it
        exempt_ja = f"{DEALT_JA}手でなければ、" if rules.win.dealt_tenpai_exempt else ""
        if opts.dealt_tenpai and not rules.win.dealt_tenpai_exempt:  # given where no exception is: said, not dropped
            exempt, exempt_ja = ", even for a hand one tile from winning as dealt", f"{DEALT_JA}手でも、"
        said, said_ja = riichi_said(game, "en"), riichi_said(game, "ja")
        said_ja += " " if said_ja.endswith(")") else ""  # 「リーチ (スタンバイ) が」, as a bracket is spaced
        return None, (f"a win needs a {said} first{exempt}", f"{exempt_ja}上がるには先に{said_ja}が必要です"), \
            WITH_RIICHI
    return None


# A game's own calls, in ``[table] calls`` of its file (SCHEMA.md): what its players call out where the edition's
# box says it its own way (Cinderella Girls: 「ライブスタート！」 for a win, 「スタンバイ」 for a riichi; RULES.md 000).
# Without them a Donjara game cries 「ドンジャラ！」 (English says no cry) and says リーチ.
CALL_KEYS = ("win", "riichi", "draw")  # draw: a hand nobody won, as the edition's document says it
CALL_FIELDS = tuple(f"{call}_{lang}" for call in CALL_KEYS for lang in ("ja", "en"))
DEFAULT_WIN_CRY = {"ja": "ドンジャラ！", "en": ""}


def calls_problem(calls: Any) -> tuple[str, str, str, Any] | None:
    """What is wrong with a ``[table] calls`` table, or None: (field, problem in English, in Japanese, the value)."""
    if not isinstance(calls, Mapping):
        return ("calls", "must be a table such as { win_ja = \"ライブスタート！\", win_en = \"Live Start!\" }",
                "{ win_ja = \"ライブスタート！\", win_en = \"Live Start!\" }のような表にしてください", calls)
    for key, value in calls.items():
        if key not in CALL_FIELDS:
            return (f"calls.{key}", f"unknown key (known: {', '.join(CALL_FIELDS)})",
                    f"不明なキーです (使えるのは {', '.join(CALL_FIELDS)})", ...)
        if not isinstance(value, str) or not value.strip():
            return f"calls.{key}", "must be words (text that is not empty)", "空でない文字列にしてください", value
    return None


def game_calls(game: Any) -> dict[str, tuple[str, str]]:
    """The calls ``game``'s file names, by call (``CALL_KEYS``): (Japanese, English), a language left out said as
    the other; {} for a game that names none. ``GameFileError`` (the file, the field, the value) for a table
    that is not one of words.

    >>> game_calls(load_game("cinderella-neo"))["win"], game_calls(load_game("nogizaka")), game_calls(load_game("yokai-watch"))
    (('ライブスタート！', 'Live Start!'), {'draw': ('流局', 'Nobody won')}, {})
    """
    from scorer.result import GameFileError

    table = (getattr(game, "rules", {}) or {}).get("table", {})
    calls = table.get("calls", {}) if isinstance(table, Mapping) else {}
    problem = calls_problem(calls)
    if problem is not None:
        field, en, ja, value = problem
        src = getattr(game, "source", None) or getattr(game, "id", "")
        got, got_ja = ("", "") if value is ... else (f" (got {shown(value)})", f" (いま {shown(value)})")
        raise GameFileError(f"{src}: field table.{field}: {en}{got}", f"{src}: 項目 table.{field}: {ja}{got_ja}")
    out = {}
    for call in CALL_KEYS:
        ja, en = calls.get(f"{call}_ja", "").strip(), calls.get(f"{call}_en", "").strip()
        if ja or en:
            out[call] = (ja or en, en or ja)
    return out


def win_cry(game: Any, lang: str = "ja") -> str:
    """What the winner calls out, in ``lang``: the game's own (``game_calls``), else 「ドンジャラ！」 (none in English).

    >>> win_cry(load_game("cinderella-neo"), "en"), win_cry(load_game("nogizaka")), win_cry(load_game("nogizaka"), "en")
    ('Live Start!', 'ドンジャラ！', '')
    """
    own = game_calls(game).get("win")
    return own[lang == "en"] if own else DEFAULT_WIN_CRY[lang]


def riichi_said(game: Any, lang: str = "ja") -> str:
    """A riichi as a sentence names it, in ``lang``: with the game's own call beside it (「リーチ (スタンバイ)」,
    "riichi (Standby)"), else リーチ / riichi.

    >>> riichi_said(load_game("cinderella-neo")), riichi_said(load_game("nogizaka"), "en")
    ('リーチ (スタンバイ)', 'riichi')
    """
    own = game_calls(game).get("riichi") if game is not None else None
    base = "リーチ" if lang == "ja" else "riichi"
    return f"{base} ({own[lang == 'en']})" if own else base


def _needs_riichi(rules: DonjaraRules, opts: ScoreOptions) -> bool:
    """The winner has not declared the riichi the game requires (and the hand was no dealt tenpai it exempts)."""
    return rules.win.riichi_required and not opts.riichi \
        and not (rules.win.dealt_tenpai_exempt and opts.dealt_tenpai)


def all_yaku(game: Game | str, tiles: Iterable[TileLike], local_yaku: bool | tuple[str, ...] = False
             ) -> list[YakuHit]:
    """Every yaku the hand makes, best first (only the first counts when scoring).

    >>> [y.name_en for y in all_yaku("cinderella-neo", ["totoki-airi", "kanzaki-ranko", "shibuya-rin",
    ...     "shiomi-shuuko", "shimamura-uzuki", "takagaki-kaede", "abe-nana", "honda-mio", "houjou-karen"],
    ...     local_yaku=True)]
    ['Cinderella Girls', 'SP Live Set A']
    """
    game = as_game(game)
    rules = donjara_rules(game)
    hand = parse_hand(game, tiles, game.hand_size)
    cands = Candidates(GameIndex.of(game), hand)
    hits = []
    for y in enabled_yaku(rules.yaku, local_yaku_ids(game, rules, local_yaku)):
        cover = find_cover(y, cands, len(hand))
        if cover is not None:
            hits.append(YakuHit(yaku_label(y, cover, "ja", game), yaku_label(y, cover, "en", game), points=y.points))
    return hits


def waits(game: Game | str, tiles: Iterable[TileLike], local_yaku: bool | tuple[str, ...] = False,
          scouted: Iterable[Iterable[str] | str] = (), **riichi_options: Any) -> list[WaitLike]:
    """Every tile kind that completes a hand one tile short, with its yaku and points (best first): a Donjara
    game's each a ``Wait``, a riichi game's each a ``scorer.riichi.RiichiWait`` (its ``ron`` and ``tsumo``
    results beside); both read alike (``WaitLike``).

    ``scouted`` groups (among ``tiles``) are kept whole, as in ``score``. ``riichi_options`` (a riichi game
    only): the table as ``scorer.riichi.score`` takes it (``seat``, ``round_wind``, ``melds`` ...).

    >>> [(w.tile, w.points) for w in waits("nogizaka", ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 2)][:3]
    [('kotoko', 60), ('almighty-green', 60), ('almighty-god', 60)]
    """
    game = as_game(game)
    if game.engine == "riichi":
        from scorer import riichi

        return riichi.waits(game, tiles, **riichi_options)
    _no_riichi_options(game, riichi_options, "waits", ("local_yaku", "scouted"))
    rules = donjara_rules(game)
    hand = parse_hand(game, tiles, game.hand_size - 1)
    ix = GameIndex.of(game)
    opts = _options(game, rules, {"local_yaku": local_yaku, "scouted": scouted})
    yaku = enabled_yaku(rules.yaku, opts.local_yaku)
    base = Candidates(ix, hand, fixed=fixed_masks(game, hand, opts.scouted))
    check_scouted(base)
    in_hand = Counter(t.id for t in hand)
    found_waits = []
    for kind in game.tiles:
        remaining = kind.copies - in_hand[kind.id]
        if remaining <= 0:
            continue
        full = hand + (kind,)
        found = best_yaku(yaku, Candidates(ix, full, base, required=len(hand)))
        if found is None:
            continue
        y, groups = found
        hit = YakuHit(yaku_label(y, groups, "ja", game), yaku_label(y, groups, "en", game), points=y.points)
        note, note_ja = _wait_note(rules, kind)
        found_waits.append(Wait(kind.id, kind.name_ja, kind.name_en, hit, y.points, remaining,
                                note, describe(full, groups, rules, base.fixed), note_ja))
    return sorted(found_waits, key=lambda w: -w.points)


def _wait_note(rules: DonjaraRules, kind: TileKind) -> tuple[str, str]:
    """What to know about winning on ``kind``, in English and Japanese ("" when nothing)."""
    if not kind.almighty:
        return "", ""
    if ChomboCase.WIN_ON_ALMIGHTY in rules.chombo.cases:
        return "winning on an Almighty is chombo", "オールマイティで上がるとチョンボ"
    if not rules.win.ron_on_almighty:
        return "tsumo only: no ron on a discarded Almighty", "ツモのみ: 捨てられたオールマイティではロンできません"
    return "", ""


def _no_riichi_options(game: Game, options: dict[str, Any], call: str, known: tuple[str, ...]) -> None:
    """An option a Donjara game's ``call`` (``waits``, ``tiles_from_win``) does not take: a ``HandError`` naming
    it, as a riichi game's option (``melds``, ``seat`` ...) or as one no game has, with ``known``, the call's own."""
    if not options:
        return
    from scorer.riichi_hand import riichi_options

    names = ", ".join(sorted(options))
    if set(options) <= set(riichi_options()):
        said = "a riichi option" if len(options) == 1 else "riichi options"
        raise _option_error(f"{names}: {said}, which {game_name_en(game.id, game)} does not take",
                            f"{names}: リーチ麻雀の設定です。「{game.name_ja}」では使えません")
    raise _option_error(f"unknown option(s) of {call}: {names} (its options are {', '.join(known)})",
                        f"{call}に対応していない設定です: {names} (使える設定は {', '.join(known)})")


def tiles_from_win(game: Game | str, tiles: Iterable[TileLike], local_yaku: bool | tuple[str, ...] = False,
                   **riichi_options: Any) -> int:
    """How many tiles a hand is from a win: 0 = it wins, 1 = one swap (or one draw) away.

    A hand of ``hand_size`` tiles counts tile swaps; a shorter hand (as dealt: 8 of 9) counts the tiles
    it lacks, so a dealt hand one draw from winning gives 1. ``riichi_options`` (a riichi game only): ``melds``,
    as ``scorer.riichi.tiles_from_win`` takes them (``melds=["pon:555z"]``).

    >>> tiles_from_win("yokai-watch", ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["yokai-09"])
    1
    >>> tiles_from_win("yokai-watch", ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2)
    1
    """
    game = as_game(game)
    if game.engine == "riichi":
        from scorer import riichi

        return riichi.tiles_from_win(game, tiles, **riichi_options)
    _no_riichi_options(game, riichi_options, "tiles_from_win", ("local_yaku",))
    from scorer.distance import distance

    rules = donjara_rules(game)
    local = local_yaku_ids(game, rules, local_yaku)
    hand = parse_hand(game, tiles)
    if len(hand) > game.hand_size:
        raise HandError(f"wrong tile count: {game.id} hands hold at most {game.hand_size} tiles, got {len(hand)}",
                        f"牌の枚数が違います: 手牌は {game.hand_size}枚までです (いま {len(hand)}枚)", InputProblem.COUNT)
    return distance(GameIndex.of(game), hand, enabled_yaku(rules.yaku, local))
