"""The scoring options of a hand (win kind, riichi, players, dealer, favourite; riichi mahjong's table)
as widgets that return the keyword arguments of ``scorer.score``."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import streamlit as st

from app.components.common import as_typed, keep_choice, style, two_a_row_on_phone
from app.components.i18n import error_text, game_t, lang, name_of, t, text_in, tr
from scorer import Game, TilelensInputError
from scorer import default_win  # a new hand's win kind: the game's, as `tilelens score` takes it
from scorer.catalog import ordinal
from scorer.riichi_tiles import MAX_INDICATORS, MELD_JA, Wind, meld_kind, split_melds

WINDS = tuple(w.value for w in Wind)  # the seat order: east deals
# The options' boxes keep their values while not drawn, across pages too (``persist_state``, as the game picker):
# Streamlit forgot a box not drawn, and back from the ledger page the hand was there without its options (Dealer
# unticked: a hand just added came back priced anew). Each is dropped where the page drops it: a new hand
# (``forget_hand_options``), another game (``forget_options_of_another_game``; the table's figures by
# ``common.game_select``).
KEPT = "session"
OPTIONS_OF = "options_of"  # ``{prefix}_options_of``: the game (``{prefix}_game``) the options' boxes were drawn for


@dataclass(frozen=True)
class HandOptions:
    """What the player said about the hand: ``kwargs`` go to ``scorer.score``; ``concealed`` is the part
    of the hand that is scored as concealed tiles (riichi mahjong: the hand less its melds)."""

    win_kind: str
    riichi: bool
    players: int
    dealer: bool
    kwargs: dict[str, Any] = field(default_factory=dict)


def players_range(game: Game) -> tuple[int, int, int]:
    """(min, max, default) number of players for the game, from its rule tables. Riichi mahjong: 2 up to the seats
    its table has (``[riichi] players``), that many chosen: a table of three (sanma) offers no fourth player, whose
    name the ledger refuses there too."""
    if game.engine == "riichi":
        from scorer.riichi_rules import rules_for

        seats = rules_for(game).players
        return 2, seats, seats
    from scorer.rules import donjara_rules

    win = donjara_rules(game).win
    return win.players_min, win.players_max, win.players_default


def _players_offered(game: Game, defaults: dict[str, Any]) -> tuple[int, int, int]:
    """The Players box's (min, max, default): the game's (``players_range``), and for riichi mahjong a match under
    way of more players than its table seats now (four names kept from before the table was made one of three, or
    before the ledger refused them) its own count too, as a Donjara match takes its own (``game_as_started``)."""
    lo, hi, default = players_range(game)
    wanted = defaults.get("players")
    if game.engine == "riichi" and isinstance(wanted, int) and hi < wanted <= 4:
        hi = wanted
    return lo, hi, default


def favourite_multiplier(game: Game) -> int:
    """How much a favourite idol multiplies the payout (1: the game has no favourite rule)."""
    if game.engine == "riichi":
        return 1
    from scorer.rules import donjara_rules

    return donjara_rules(game).payout.favourite_multiplier


# The options' fold names its choices (a folded fold hides nothing): the short words of the win kinds and players.
WORDS = {
    "fold_tsumo": ("ツモ", "Tsumo"),
    "fold_ron": ("ロン", "Ron"),
    "fold_players": ("{n}人", "{n} players"),
    "fold_sep": (" · ", " · "),
    # the win kind a new hand starts at, in the Win box's help (「初期値はロン」, "a new one starts at ron")
    "kind_tsumo": ("ツモ", "tsumo"),
    "kind_ron": ("ロン", "ron"),
}


def hand_win(game: Game, prefix: str) -> str:
    """The win kind of the hand shown: the one chosen for it, else (a new hand) the game's ``default_win``, set as the
    Win box's value: what reads it before the box is drawn (the ledger box's "also won on the last ron's discard",
    the sticks) reads what the box will show. Called before the box is drawn in the run (Streamlit refuses a value
    set after)."""
    key = f"{prefix}_win"
    if st.session_state.get(key) not in ("tsumo", "ron"):
        st.session_state[key] = default_win(game)
    return st.session_state[key]


# ``{prefix}_win_chosen``: the player changed this hand's Win box (a hand's own, ``HAND_KEYS``): a ron chosen so
# (not the table's starting kind) offers the double-ron box at once (``scoring._another_ron_likely``)
WIN_CHOSEN = "win_chosen"


def _win_chosen(prefix: str) -> None:
    """A callback: the Win box changed by the player, for this hand (``WIN_CHOSEN``)."""
    st.session_state[f"{prefix}_{WIN_CHOSEN}"] = True


def options_label(game: Game, prefix: str, defaults: dict[str, Any]) -> str:
    """The options' fold's label: "Options · Tsumo · Riichi · 4 players" (「条件 · ツモ · リーチ · 4人」), the
    choices as the boxes inside hold them this run (or will, drawn first with their defaults)."""
    win = hand_win(game, prefix)
    riichi = st.session_state.get(f"{prefix}_riichi", game.engine != "riichi")
    lo, hi, default = _players_offered(game, defaults)
    wanted = defaults.get("players", default)
    players = st.session_state.get(f"{prefix}_players") or (wanted if lo <= wanted <= hi else default)
    dealer = game.engine == "riichi" and st.session_state.get(f"{prefix}_dealer", bool(defaults.get("dealer")))
    parts = [t("options"), text_in(WORDS, f"fold_{win}" if win in ("tsumo", "ron") else "fold_tsumo")]
    if riichi:
        parts.append(game_t("riichi", game))  # as the box below says it (「リーチ (スタンバイ)」)
    if dealer:
        parts.append(t("dealer"))
    parts.append(text_in(WORDS, "fold_players", n=players))
    return text_in(WORDS, "fold_sep").join(parts)


def hand_options(game: Game, prefix: str, tiles: Sequence[str], defaults: dict[str, Any] | None = None,
                 photo_melds: Sequence[str] = (), as_lying: bool = False, folded: bool = False) -> HandOptions:
    """Draw the options of a hand and return them (defaults: e.g. players and dealer from the ledger;
    ``photo_melds``: riichi melds read from the photo, offered to score as melds beside any typed;
    ``as_lying``: the tiles are in the order a photo shows them, see ``guessed_win_tile``; ``folded``: the
    options start folded, their choices said in the fold's label (the photo page: left open, on a phone they put
    its result and "Add to the ledger" 2,600 px down)."""
    defaults = defaults or {}
    st.session_state[f"{prefix}_{OPTIONS_OF}"] = st.session_state.get(f"{prefix}_game")
    # keyed: the fold keeps its place (open or not) while its label changes with the choices
    with st.expander(options_label(game, prefix, defaults), expanded=not folded, key=f"{prefix}_options_fold"):
        cols = st.columns(2)
        with cols[0]:
            # a fact of each hand: a new one starts at the game's default (``hand_win``; no default=, set there)
            start = default_win(game)
            win_kind = st.segmented_control(t("win_kind"), ["tsumo", "ron"], key=f"{prefix}_win", format_func=tr(),
                                            required=True, persist_state=KEPT, on_change=_win_chosen, args=(prefix,),
                                            help=game_t("win_kind_help", game, kind=text_in(WORDS, f"kind_{start}"))
                                            ) or start
            # set here, not as value=: a photo's open melds untick it. A Donjara win needs a riichi (RULES.md): ticked;
            # a riichi-mahjong hand is won without one as often (dama): unticked, or a dama winner paid a stick
            st.session_state.setdefault(f"{prefix}_riichi", game.engine != "riichi")
            riichi = st.checkbox(game_t("riichi", game), key=f"{prefix}_riichi", persist_state=KEPT)
            dealt_tenpai = dealt_tenpai_box(game, prefix)
            own_discard = win_kind == "ron" and own_discard_box(game, prefix)
        with cols[1]:
            lo, hi, default = _players_offered(game, defaults)
            wanted = defaults.get("players", default)
            players = st.segmented_control(t("players"), list(range(lo, hi + 1)), key=f"{prefix}_players",
                                           default=wanted if lo <= wanted <= hi else default, required=True,
                                           persist_state=KEPT) or default
            # the dealer changes a riichi hand's points; no Donjara score (it only preselected the dealer as the
            # ledger's winner): not asked there
            dealer = game.engine == "riichi" and st.checkbox(
                t("dealer"), key=f"{prefix}_dealer", value=bool(defaults.get("dealer", False)), persist_state=KEPT)
        kwargs: dict[str, Any] = {"win": win_kind, "riichi": riichi, "players": int(players)}
        if game.engine == "riichi":
            kwargs.update(_riichi_options(game, prefix, tiles, dealer, int(players), defaults, photo_melds))
            kwargs.update(_situations(game, prefix, win_kind, riichi, dealer, len(kwargs.get("dora_indicators", ())),
                                      int(players)))
        else:
            if dealt_tenpai:
                kwargs["dealt_tenpai"] = True
            if own_discard:
                kwargs["own_discard"] = True
            kinds = {k.id: k for k in game.tiles}
            if any(kinds[k].almighty for k in tiles if k in kinds):  # it matters then (no ron on one)
                kwargs["winning_tile"] = win_tile_box(game, prefix, tiles, as_lying)
            if favourite_multiplier(game) > 1:
                fav = _favourite(game, prefix, defaults)
                if fav:
                    kwargs["favourite"] = fav
            scouted = scouted_groups(game, prefix, tiles)
            if scouted:
                kwargs["scouted"] = scouted
    return HandOptions(win_kind, riichi, int(players), dealer, kwargs)


# The options that belong to one hand: a new photo starts without them (riichi as a new hand has it, no melds,
# dora or winning tile of the last one). The table's (players, seat, round, honba) stay.
# A favourite chosen with no match open is the hand's too (nobody's: the page knows no winner), see ``_favourite``.
# So is the win kind: a new photo (or the hand after "Clear") starts at the game's default (``hand_win``); the last
# hand's Ron, kept, asked a tsumo's photo for a discarder, and a self-drawn win was recorded as a ron.
HAND_KEYS = ("win", WIN_CHOSEN, "riichi", "dealt_tenpai", "own_discard", "fav",
             "melds", "dora", "wintile", "wintile_for", "melds_seen", "ura", "ippatsu", "double_riichi",
             "last_tile", "rinshan", "chankan", "first_turn", "discards", "nuki", "scout_0", "scout_1", "scout_2")


def dealt_tenpai_box(game: Game, prefix: str) -> bool:
    """The "dealt one tile from winning" box, where the game's rules exempt such a hand from the riichi a win needs
    (``[win] dealt_tenpai_exempt``: Yokai Watch); False (no box) elsewhere. Without it such a win could not be
    entered but with Riichi ticked, which took a chip never put down."""
    if game.engine == "riichi":
        return False
    from scorer.rules import donjara_rules

    win = donjara_rules(game).win
    if not (win.riichi_required and win.dealt_tenpai_exempt):
        return False
    return st.checkbox(t("dealt_tenpai"), key=f"{prefix}_dealt_tenpai", persist_state=KEPT,
                       help=t("dealt_tenpai_help", riichi=game_t("riichi", game)))  # the box named as labelled


def own_discard_box(game: Game, prefix: str) -> bool:
    """The "won on a tile the winner had discarded earlier" box, under Ron, where the game's rules make such a ron a
    chombo (``[chombo] cases``: ``ron-on-own-discard``, Nogizaka's; `tilelens score --own-discard`); False (no box)
    elsewhere. Without it such a hand scored as a win (Nogizaka's "A win! 60"), and could be added as one."""
    if game.engine == "riichi":
        return False
    from scorer.rules import ChomboCase, donjara_rules

    if ChomboCase.RON_ON_OWN_DISCARD not in donjara_rules(game).chombo.cases:
        return False
    return st.checkbox(t("own_discard"), key=f"{prefix}_own_discard", persist_state=KEPT, help=t("own_discard_help"))


def forget_scouted_groups(prefix: str) -> None:
    """Drop the scouted groups' boxes (``{prefix}_scout_N``): a new hand (another typed over it) scouted nothing yet."""
    for key in [k for k in st.session_state.keys() if isinstance(k, str) and k.startswith(f"{prefix}_scout_")]:
        st.session_state.pop(key, None)


# The boxes of ``HAND_KEYS`` drawn with no value given first, and the value each starts with: a new hand gives them that
# value rather than dropping it. A browser keeps a box's last value and sends it back on the next run: a dropped one was
# drawn unticked while the browser still showed the last hand's tick, which the next tap made this hand's (its Houtei,
# its typed melds, its "dealt tenpai" winning without the riichi it needed). The others are given a value where drawn
# (the win kind, riichi, the winning tile, the scouted groups, the favourite) or are no box (the indicators' pickers,
# the page's notes of the hand). ``forget_options_of_another_game`` drops the table's boxes in a run that draws none
# (the hand emptied): the browser forgets a box not drawn, and draws it afresh.
STARTS_AT = {"dealt_tenpai": False, "own_discard": False, "melds": "", "ippatsu": False, "double_riichi": False,
             "last_tile": False, "rinshan": False, "chankan": False, "first_turn": False, "nuki": 0}


def forget_hand_options(prefix: str) -> None:
    """Forget the options of the last hand (``HAND_KEYS``): the next hand starts from the defaults, its boxes'
    (``STARTS_AT``) given to the browser too. Called before the boxes are drawn in the run."""
    for key in HAND_KEYS:
        if key in STARTS_AT:
            st.session_state[f"{prefix}_{key}"] = STARTS_AT[key]
        else:
            st.session_state.pop(f"{prefix}_{key}", None)


# The options' boxes a game's options are kept in besides ``HAND_KEYS`` (not the table's figures, honba, round and
# sticks: ``common.game_select`` drops those for another game, and keeps them for the same game's table saved again).
OTHER_KEYS = ("players", "dealer", "seat", "photo_melds", "meld_kind")


def forget_options_of_another_game(prefix: str) -> None:
    """Drop the options kept (``KEPT``) for another game (or its table before a tile was taken out of it) once the
    page has started its hand afresh: the next hand starts from the defaults, as when Streamlit forgot the boxes
    not drawn. Where the game is the one the options were drawn for, nothing changes (a hand cleared keeps the
    table's options). The page sets a hand's own options aside with it (``HAND_KEYS``) where it does."""
    drawn_for = st.session_state.get(f"{prefix}_{OPTIONS_OF}")
    if drawn_for is None or drawn_for == st.session_state.get(f"{prefix}_game"):
        return
    forget_hand_options(prefix)
    for key in OTHER_KEYS:
        st.session_state.pop(f"{prefix}_{key}", None)
    st.session_state.pop(f"{prefix}_{OPTIONS_OF}", None)


def guessed_win_tile(game: Game, tiles: Sequence[str], as_lying: bool = False) -> str:
    """The winning tile taken when the player has not chosen one: the hand's last tile (the one tapped or typed
    last) that is no Almighty, where there is one, as `tilelens score` scores a hand given no winning tile (on an
    Almighty it is a chombo, or no ron, in most sets: the hand was most likely not won so; an Almighty tapped last
    on the manual page made its ron refused). ``as_lying``: the tiles are in the order they lie in a photo, which
    tells nothing of the one drawn last: the same guess.

    >>> from scorer import load_game
    >>> guessed_win_tile(load_game("yokai-watch"), ["yokai-01", "yokai-03", "almighty"])
    'yokai-03'
    """
    almighty = {k.id for k in game.tiles if k.almighty}
    return next((k for k in reversed(tiles) if k not in almighty), tiles[-1])


def win_tile_box(game: Game, prefix: str, tiles: Sequence[str], as_lying: bool = False) -> str:
    """The winning tile: the hand's last tile that is no Almighty (``guessed_win_tile``), unless the player chose
    another for this very hand (a keyed box would keep an old choice while that tile is still in the hand: a
    corrected last tile, or the next photo, would be scored as won on it)."""
    names = {k.id: name_of(k) for k in game.tiles}
    choices = list(dict.fromkeys(tiles))
    key, hand_key = f"{prefix}_wintile", f"{prefix}_wintile_for"
    chosen, was_for = st.session_state.get(key), st.session_state.get(hand_key)
    dropped = None  # a tile the player had chosen for the hand before it changed, now no longer chosen
    guess = guessed_win_tile(game, tiles, as_lying)
    if was_for != tuple(tiles) or chosen not in choices:
        if was_for and chosen is not None and chosen != guessed_win_tile(game, was_for, as_lying) and chosen != guess:
            dropped = chosen
        st.session_state[key] = guess
        st.session_state[hand_key] = tuple(tiles)
    # a tap on a chip: a drop-down of more than 10 choices (a hand has up to 14 kinds) focused a text box on a
    # phone, whose keyboard covered half the screen; one always chosen (``required``), as the drop-down had one
    picked = st.pills(t("win_tile"), choices, key=key, format_func=lambda i: as_typed(names.get(i, i)),
                      required=True, persist_state=KEPT)
    if dropped is not None:  # said, not dropped without a word: the hand is scored as won on another tile now
        st.caption(t("win_tile_again", tile=names.get(dropped, dropped)))
    return picked


def scouted_groups(game: Game, prefix: str, tiles: Sequence[str]) -> list[list[str]]:
    """The groups the player completed by a Scout (a claimed discard), where the game has one: a box per
    group, the next shown once one is chosen, each offering the hand's tiles not in another group. A group
    still short of the Scout's least is said and not sent; the scorer says why a chosen group is none."""
    from scorer.rules import donjara_rules

    scout = donjara_rules(game).scout
    if not scout.allowed:
        return []
    names = {k.id: name_of(k) for k in game.tiles}
    most = max((hi for _, hi in scout.groups.values()), default=game.hand_size)
    free = Counter(tiles)
    groups: list[list[str]] = []
    for i in range(game.hand_size // scout.min_size):
        key = f"{prefix}_scout_{i}"
        kept, left = [], Counter(free)  # a tile taken out of the hand (or into an earlier group) leaves it
        for tile in st.session_state.get(key) or []:
            if left[tile] > 0:
                kept.append(tile)
                left[tile] -= 1
        st.session_state[key] = kept
        offered = [tile for tile in dict.fromkeys(tiles) if free[tile] > 0]
        chosen = st.multiselect(t("scouted", i=i + 1), offered, key=key, format_func=lambda v: names.get(v, v),
                                placeholder=t("choose"), max_selections=most,
                                help=t("scouted_help") if i == 0 else None, persist_state=KEPT)
        if not chosen:
            break
        free -= Counter(chosen)
        if len(chosen) < scout.min_size:
            st.caption(t("scout_short", n=scout.min_size, have=len(chosen)))
        else:
            groups.append(list(chosen))
    return groups


# Each player's favourite idol, declared once for a match (RULES.md: at the start of the game): session state
# ``{(match id, seat): idol id}``, one for both score pages. The favourite box shows the chosen winner's, and a win is
# doubled by that one only: one box kept for every hand (``{prefix}_fav``, kept as the table's options are) doubled
# the next winner's hand with the last winner's favourite (Daiki's Tricolore Unit, 24, holding Ann's Rin, added as 48).
# By seat, not name: a player renamed on the ledger page keeps the favourite.
FAVOURITES = "favourites"


def _favourite(game: Game, prefix: str, defaults: dict[str, Any]) -> str | None:
    """The favourite idol the hand is scored with: with a match open, the chosen winner's (a box labelled with the
    winner's name; none offered, and said why, before a winner is chosen in the ledger box below); with none open,
    the one chosen for this hand (``HAND_KEYS``: the next hand starts with none). The idol chosen is shown beside
    the box, as a tile picture."""
    ids = [k.id for k in game.tiles if not k.almighty]
    names = {"": t("none"), **{k.id: name_of(k) for k in game.tiles}}  # "", not None, for none: ``keep_choice``
    key = f"{prefix}_fav"
    seated = _match_players(game, prefix, defaults)
    if seated is None:
        label, help_text, declared = t("favourite_winner"), t("favourite_hand_help"), None
    else:
        match_id, players = seated
        winner = st.session_state.get(f"{prefix}_winner")  # the ledger box's, drawn below: read as it stands
        if winner not in range(len(players)):
            st.caption(t("favourite_choose_winner", winner=t("winner"), n=favourite_multiplier(game)))
            return None
        kept = st.session_state.setdefault(FAVOURITES, {})
        st.session_state[key] = kept.get((match_id, winner)) if kept.get((match_id, winner)) in ids else ""
        label, help_text = t("favourite_of", name=as_typed(players[winner])), t("favourite_kept_help")
        declared = (match_id, winner)
    keep_choice(key, ["", *ids], "")  # another game's idol (or tile): none
    from app.components.tiles import no_toolbars_css, picture

    with st.container(horizontal=True, vertical_alignment="bottom", key=f"{prefix}_fav_row"):
        fav = st.selectbox(label, ["", *ids], key=key, format_func=names.__getitem__, help=help_text,
                           persist_state=KEPT, on_change=_favourite_declared if declared else None,
                           args=(key, *declared) if declared else None)
        if fav:
            st.image(picture(game, fav, 36), width=36, output_format="JPEG", alt=names[fav])
    if fav:  # the picture: no Fullscreen button (a Tab stop, unseen)
        style(no_toolbars_css(f"{prefix}_fav_row"))
    return fav or None


def _favourite_declared(key: str, match_id: int, seat: int) -> None:
    """A callback: the favourite chosen in the box ``key`` is the player's at ``seat`` of the match, for every hand."""
    st.session_state.setdefault(FAVOURITES, {})[(match_id, seat)] = st.session_state.get(key) or None


def _match_players(game: Game, prefix: str, defaults: dict[str, Any]) -> tuple[int, tuple[str, ...]] | None:
    """The id and players of the game's match the score section read this run (``scoring.open_table``; it gives
    the options its ``ledger_defaults``, none without a match, and records the match the ledger box is drawn for,
    ``scoring.BOXES_OF``), else None: no match open, or the ledger not read."""
    from app.components.scoring import BOXES_OF

    if defaults.get("ended"):  # an ended match takes no hand (its ledger box has no Winner): the hand's own box
        return None
    match_id = (st.session_state.get(f"{prefix}_{BOXES_OF}") or {}).get(game.id) if defaults else None
    if match_id is None:
        return None
    from app.components import resources
    from tilelens.ledger import LedgerError

    try:
        match = resources.ledger().match(match_id)
    except LedgerError:  # gone since it was read: the ledger box says so
        return None
    return match.id, tuple(match.players)


def _riichi_options(game: Game, prefix: str, tiles: Sequence[str], dealer: bool, players: int,
                    defaults: dict[str, Any], photo_melds: Sequence[str] = ()) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if tiles:
        out["win_tile"] = win_tile_box(game, prefix, tiles)
    called = list(photo_melds) if photo_melds and st.checkbox(
        t("photo_melds", melds=", ".join(meld_text(m) for m in photo_melds)), key=photo_melds_key(prefix),
        value=True, persist_state=KEPT) else []
    melds = st.text_input(t("melds_more") if photo_melds else t("melds"), key=f"{prefix}_melds",
                          placeholder=t("melds_example"), help=t("melds_example"),  # how a meld is typed
                          on_change=_melds_typed, args=(game, prefix), persist_state=KEPT)
    meld_builder(game, prefix, called, len(tiles))
    for spec, as_typed_ in typed_melds(melds):
        problem = meld_problem(spec, as_typed_)
        if problem:  # said, and not counted: the hand would be short three tiles for a meld that is none
            st.error(t("bad_meld", why=problem))
        else:
            called.append(spec)
    if called:
        out["melds"] = called
    out["dora_indicators"] = indicator_picker(game, t("dora"), f"{prefix}_dora", t("dora_add"))
    two_a_row_on_phone(f"{prefix}_winds_honba")  # winds, honba, sticks: four rows on a phone, 340 px, were two
    cols = st.container(key=f"{prefix}_winds_honba").columns(4)
    if dealer:
        out["seat"] = "east"
        cols[0].caption(f"{t('seat_wind')}: {t('east')}")
    else:
        keep_choice(f"{prefix}_seat", WINDS[1:players], WINDS[1])  # its words after a language switch
        out["seat"] = cols[0].selectbox(t("seat_wind"), WINDS[1:players], key=f"{prefix}_seat",  # the seats at
                                        format_func=tr(), persist_state=KEPT)  # this table: no north at three
    # The open match's round and honba, given as state rather than as the widgets' defaults, so that they
    # are taken again when a hand added to the ledger drops them (``scoring._add_to_ledger``).
    keep_choice(f"{prefix}_round", WINDS, defaults.get("round_wind", "east"))  # its words after a language switch too
    st.session_state.setdefault(f"{prefix}_honba", int(defaults.get("honba", 0)))
    # every round wind, as `tilelens score --round-wind` takes it: a house may play a West (or North) round
    out["round_wind"] = cols[1].selectbox(t("round_wind"), WINDS, key=f"{prefix}_round", format_func=tr(),
                                          persist_state=KEPT)
    out["honba"] = int(cols[2].number_input(t("honba"), 0, 20, key=f"{prefix}_honba", persist_state=KEPT))
    # the sticks on the table besides the winner's own (which riichi counts): the winner takes them all
    st.session_state.setdefault(f"{prefix}_sticks", int(defaults.get("riichi_sticks", 0)))
    more = int(cols[3].number_input(game_t("sticks", game), 0, 40, key=f"{prefix}_sticks",
                                    help=game_t("sticks_help", game), persist_state=KEPT))
    if more:
        out["riichi_sticks"] = more + int(bool(st.session_state.get(f"{prefix}_riichi")))
    return out


def indicators_chosen(game: Game, key: str) -> list[str]:
    """The indicators chosen in the picker ``key`` (``{prefix}_dora``, ``{prefix}_ura``; the own discards'
    ``{prefix}_discards``, a list or tuple the old drop-down left taken too): tile ids of the game, in
    the order tapped, a tile as often as it was turned over; kept so in the session (a value not a tile of the game,
    another game's, dropped)."""
    ids = {k.id for k in game.tiles}
    was = st.session_state.get(key)
    chosen = [v for v in was if isinstance(v, str) and v in ids] if isinstance(was, (list, tuple)) else []
    if was is not None and was != chosen:
        st.session_state[key] = chosen
    return chosen


def remove_words(game: Game, chosen: Sequence[str], index: int) -> str:
    """The words of the button taking the indicator ``chosen[index]`` out: which of a tile chosen more than once
    ("Take the 2nd 3 Man out", 「2枚目の三萬を外す」), as a screen reader says them alone."""
    tile_id = chosen[index]
    name = name_of(game.tile(tile_id))
    if list(chosen).count(tile_id) < 2:
        return t("indicator_remove", name=name)
    n = list(chosen[:index + 1]).count(tile_id)
    return t("indicator_remove_nth", name=name, nth=f"{n}枚目" if lang() == "ja" else ordinal(n))


# A chosen indicator's picture's width, in px (its cell, which the ✕ button under the picture fills, is 8 px wider)
CHOSEN_W = 36


def indicator_picker(game: Game, label: str, key: str, add_text: str, limit: int = MAX_INDICATORS,
                     help_text: str | None = None, full_text: str = "") -> list[str]:
    """Dora or ura dora indicators, or the hand's own discards (``{prefix}_discards``, ``limit`` the set's tiles), by
    tapping tile pictures, as the hand is (a drop-down's text box brought up a phone's keyboard): the ones chosen in a
    row, each taken out by a tap (``{key}_remove_N``), then a fold
    (``add_text``) of every tile the table plays (``tiles.played_kinds``: no red five at a table without them), a
    tap adding it (``{key}_add_<tile>``; the same tile again for a kan's next indicator, up to the copies the table
    plays, ``played_copies``). At most ``limit``: then the fold says ``full_text`` instead of offering tiles (more
    than ``limit`` kept, an ura dora beside a dora indicator taken out: the scorer's refusal says why). Returns
    the tile ids, repeats kept; the session keeps them under ``key`` (``HAND_KEYS``: a new hand starts without)."""
    from app.components.tiles import played_copies, played_kinds, removable_strip, tile_grid

    chosen = indicators_chosen(game, key)
    tap_out = t("indicator_tap_out") if chosen else None
    st.markdown(f"{label}: {t('none')}" if not chosen else f"{label}:",
                help=" ".join(filter(None, [help_text, tap_out])) or None)
    if chosen:
        # a tap on one (its picture or its ✕) takes it out, as a tap on a hand's tile opens its picker
        said = [remove_words(game, chosen, i) for i in range(len(chosen))]
        removable_strip(game, key, chosen, said, _remove_indicator, (key,), CHOSEN_W)
    with st.expander(add_text, key=f"{key}_fold"):  # keyed: open while tiles are tapped
        if len(chosen) >= limit:
            st.caption(full_text or t("indicators_full", n=limit))
            return chosen
        counts = Counter(chosen)
        # the tiles the table plays: no red five at a table without them, whose plain fives are four then
        kinds = played_kinds(game)
        copies = {k.id: played_copies(game, k.id) for k in kinds}
        held = {k.id: t("indicator_all_chosen", n=copies[k.id]) for k in kinds if counts[k.id] >= copies[k.id]}
        tile_grid(game, kinds, f"{key}_add", _add_indicator, (game, key, limit), held=held,
                  phone_four=True)  # four a row on a phone, as the palette
    return chosen


def _add_indicator(game: Game, key: str, limit: int, tile_id: str) -> None:
    """A callback: ``tile_id`` turned over as one more indicator, unless ``limit`` are chosen already or the set has
    no copy of it left beside those chosen (its button is drawn disabled then: a tap sent from an older drawing).
    A tile the table does not play (a red five where it plays none) is not offered: a tap of one is ignored."""
    from app.components.tiles import played_copies, played_kinds

    chosen = indicators_chosen(game, key)
    if tile_id not in {k.id for k in played_kinds(game)}:
        return
    if len(chosen) < limit and chosen.count(tile_id) < played_copies(game, tile_id):
        st.session_state[key] = [*chosen, tile_id]


def _remove_indicator(key: str, index: int, tile_id: str) -> None:
    """A callback: the ``index``-th indicator chosen taken out, where it is still ``tile_id`` (a tap sent from an
    older drawing takes out nothing else)."""
    chosen = list(st.session_state.get(key) or [])
    if index < len(chosen) and chosen[index] == tile_id:
        del chosen[index]
        st.session_state[key] = chosen


def _situations(game: Game, prefix: str, win_kind: str, riichi: bool, dealer: bool = False,
                dora: int = 0, players: int = 4) -> dict[str, Any]:
    """What else happened at the win, folded away (most hands have none of it): ura dora and ippatsu
    under riichi (one ura-dora indicator under each of the ``dora`` dora indicators, where some are given),
    double riichi, the last tile, a kan's replacement tile, a robbed kan, a win on the first turn (tenhou,
    chiihou, renhou), the player's own discards (furiten); at a table of three (``players``) whose rules play
    nukidora (``[riichi] nukidora = true``), the norths set aside (``score(..., nuki=N)``). Only what is offered
    for this win is sent (a box ticked before riichi was unticked is not)."""
    out: dict[str, Any] = {}
    # named by what it holds: with Riichi unticked it has no ippatsu nor ura dora
    with st.expander(t("more_situations" if riichi else "more_situations_no_riichi"), key=f"{prefix}_more"):
        if riichi:  # the scorer refuses more ura-dora indicators than dora indicators given: none offered
            limit = dora or MAX_INDICATORS  # none given: their count is not known
            out["ura_dora_indicators"] = indicator_picker(game, t("ura_dora"), f"{prefix}_ura", t("ura_add"), limit,
                                                          t("ura_dora_help"),
                                                          t("ura_full", n=limit) if dora else "")
            cols = st.columns(2)
            out["ippatsu"] = cols[0].checkbox(t("ippatsu"), key=f"{prefix}_ippatsu", persist_state=KEPT)
            out["double_riichi"] = cols[1].checkbox(t("double_riichi"), key=f"{prefix}_double_riichi",
                                                    persist_state=KEPT)
        tsumo = win_kind == "tsumo"
        from scorer.riichi_rules import rules_for

        # the dealer has no renhou, nor a table without it ([riichi] renhou = "none"): no box that changes nothing
        first = ("tenhou" if dealer else "chiihou") if tsumo else \
            (None if dealer or rules_for(game).renhou == "none" else "renhou")
        last_word = "last_tile_tsumo" if tsumo else "last_tile_ron"
        # the last tile and a win on the first turn cannot both apply: the one ticked disables the other, which
        # says why (a box disabled keeps its tick, not sent)
        first_on = bool(first and st.session_state.get(f"{prefix}_first_turn"))
        last_off = first_on
        # so too renhou and chankan (a kan robbed is a call before the winner's first draw)
        chankan_off = first_on and first == "renhou"
        last_first = bool(first and not first_on and st.session_state.get(f"{prefix}_last_tile"))
        chankan_first = bool(first == "renhou" and not first_on and st.session_state.get(f"{prefix}_chankan"))
        first_off = last_first or chankan_first
        cols = st.columns(2)
        last = cols[0].checkbox(t(last_word), key=f"{prefix}_last_tile", disabled=last_off, persist_state=KEPT,
                                help=t("not_with_first_turn", first=_short(t(first))) if last_off else None)
        out["haitei" if tsumo else "houtei"] = last and not last_off
        if tsumo:
            out["rinshan"] = cols[1].checkbox(t("rinshan"), key=f"{prefix}_rinshan", persist_state=KEPT)
        else:
            chankan = cols[1].checkbox(t("chankan"), key=f"{prefix}_chankan", disabled=chankan_off, persist_state=KEPT,
                                       help=t("not_with_renhou", renhou=_short(t("renhou"))) if chankan_off else None)
            out["chankan"] = chankan and not chankan_off
        if first:  # the dealer has no renhou: a ron before the dealer's first discard is none
            why = (t("not_with_last_tile", last=_short(t(last_word))) if last_first else
                   t("not_with_chankan", chankan=_short(t("chankan"))) if chankan_first else None)
            ticked = st.checkbox(t(first), key=f"{prefix}_first_turn", disabled=first_off, help=why,
                                 persist_state=KEPT)
            out[first] = ticked and not first_off
        # by tapping pictures as the indicators (a drop-down of 34+ ids, its button 32x22 px on a phone); the state
        # key the drop-down had, a list of ids (one it left still counts); a tile again for a second copy discarded
        out["discards"] = indicator_picker(game, t("own_discards"), f"{prefix}_discards", t("discards_add"),
                                           sum(k.copies for k in game.tiles), t("own_discards_help"))
        if players <= 3 and rules_for(game).nukidora:  # a four-player table has no nukidora (the scorer refuses it)
            out["nuki"] = int(st.number_input(t("nuki"), min_value=0, max_value=4, step=1, key=f"{prefix}_nuki",
                                              help=t("nuki_help"), persist_state=KEPT) or 0)
    return {k: v for k, v in out.items() if v}


def _short(label: str) -> str:
    """A box's label without its explanation in brackets (``"Tenhou (the dealer's win ...)"`` -> ``"Tenhou"``)."""
    return label.split(" (")[0]


def parse_meld_text(text: str) -> list[str]:
    """``"pon 555m, chi:123p"`` -> ``["pon:555m", "chi:123p"]`` (the scorer's meld notation; a kind written
    as a Japanese screen names it, ポン, or typed full width, ＰＯＮ ５５５ｚ, too; the tiles in any words the
    scorer reads, in either form: ``pon FFF``, ``ポン 發發發``, ``ポン:發發發``: ``scorer.riichi_tiles.split_melds``);
    text that is no meld is kept for the scorer to refuse with its reason, blank text is no meld.

    >>> parse_meld_text("pon 555m, chi:123p"), parse_meld_text("  "), parse_meld_text("pong")
    (['pon:555m', 'chi:123p'], [], ['pong'])
    >>> parse_meld_text("ポン ５５５ｚ、ＣＨＩ 123P"), parse_meld_text("ポン 發發發")
    (['pon:555z', 'chi:123p'], ['pon:666z'])
    """
    return [spec for spec, _ in split_melds(text)]


def typed_melds(text: str) -> list[tuple[str, str]]:
    """``parse_meld_text``'s melds, each with the words the player typed for it (to name a meld that is none as
    typed: ``'pon 5z5z'``, not the scorer's ``'pon:5z5z'``).

    >>> typed_melds("pon 5z5z, chi:123p")
    [('pon:5z5z', 'pon 5z5z'), ('chi:123p', 'chi:123p')]
    """
    return split_melds(text)


def meld_typed(spec: str) -> str:
    """A meld spec as the melds box writes it, its kind in the screen's language (``"pon:055p"`` -> ``"ポン 055p"``
    on a Japanese screen, ``"pon 055p"`` on an English one: the box reads both)."""
    kind, _, tiles = spec.partition(":")
    named = meld_kind(kind)
    return f"{MELD_JA[named] if named is not None and lang() == 'ja' else kind} {tiles}"


def meld_problem(spec: str, typed: str | None = None) -> str:
    """Why ``spec`` is not a meld, in the screen's language ("" for a meld); named as the player ``typed`` it,
    where given (the scorer names it ``meld 'pon:5z5z'``): "Not counted as a meld: 'pon 5z5z': ..."."""
    from scorer.riichi_tiles import parse_meld

    try:
        parse_meld(spec, shown=typed or None)
    except TilelensInputError as exc:
        return error_text(exc)
    return ""


MELD_KINDS = ("chi", "pon", "kan", "kakan", "ankan")


def meld_builder(game: Game, prefix: str, photo_melds: Sequence[str] = (), held: int = 0) -> None:
    """Melds by tapping, for a phone: choose chi, pon, kan or closed kan, then a tile (a chi's lowest);
    the meld is added to the melds text, and the melds written there are shown as pictures, each with
    a button that takes it out. ``photo_melds``: a photo's melds scored beside them (a pon among them is made a
    kan by a kan of its kind, ``_add_meld``); ``held``: how many of the hand's tiles are not in them."""
    from app.components.tiles import (no_toolbars_css, picture, played_copies, played_kinds, red_five, show_refused,
                                      tile_grid)

    show_refused(prefix)  # a meld refused at its tap (no copy left), where no palette said it first
    typed = parse_meld_text(st.session_state.get(f"{prefix}_melds", ""))
    in_set = {k.id for k in game.tiles}
    for i, spec in enumerate(typed):
        tiles = _meld_ids(spec)
        if tiles is None or not in_set.issuperset(tiles):
            continue  # not a meld, or one of a tile the set leaves out (a 108-tile set's 5m): the score says why
        row = st.container(horizontal=True, gap="small", vertical_alignment="center", key=f"{prefix}_meld_row_{i}")
        with row:
            for tile_id in tiles:
                st.image(picture(game, tile_id, 36), width=36, output_format="JPEG", alt=name_of(game.tile(tile_id)))
            st.markdown(meld_text(spec))
            st.button(t("meld_remove"), key=f"{prefix}_meld_remove_{i}", on_click=_remove_meld, args=(prefix, spec))
    if typed:  # the meld rows' tile pictures: no Fullscreen button (a Tab stop, unseen)
        style(no_toolbars_css(f"{prefix}_meld_row"))
    with st.expander(t("meld_builder"), key=f"{prefix}_meld_builder"):  # keyed: it stays open as melds are added
        word = tr()  # the language fixed now: format_func may be called outside the run
        kind = st.segmented_control(t("meld_kind"), MELD_KINDS, key=f"{prefix}_meld_kind", default="pon",
                                    format_func=lambda k: word("meld_" + k), required=True,
                                    persist_state=KEPT) or "pon"
        # a red five: a pon's is tapped (055m), a kan of fives holds it (0555m), a chi's is ticked, then its
        # lowest tile tapped (406m: a 4m tapped wrote 456m, the dora lost unsaid); a table without red fives, or a
        # set without them, is offered none (``played_kinds``, ``red_five``), its kan of fives four plain ones
        # a set of red 5p alone offers its red five in the plain one's place (a chi from it: 067p)
        plain = [k for k in played_kinds(game)
                 if kind == "pon" or not k.id.startswith("0") or not played_copies(game, f"5{k.id[1:]}")]
        if kind == "chi":
            plain = [k for k in plain if k.id[1] != "z" and k.id[0] in "01234567"]
            # the example in a suit where the tick changes something (pins first, as ever): a set of red 5p alone
            # makes every chi through 5p red untouched
            if ticked := [suit for suit in "pms" if red_five(game, f"5{suit}") and played_copies(game, f"5{suit}")]:
                st.checkbox(t("meld_red", suit=ticked[0]), key=f"{prefix}_meld_red")  # none: each red five its only five
        tile_grid(game, plain, f"{prefix}_meld", _add_meld, (game, prefix, tuple(photo_melds), held),
                  phone_four=True)  # four a row on a phone, as the palette (two a row ran 17 rows deep)


def _meld_ids(spec: str) -> list[str] | None:
    """The tile ids of a meld spec left to right, or None for one that is not a meld."""
    from scorer.riichi_tiles import parse_meld, tile_ids
    from scorer.result import TilelensInputError

    try:
        return tile_ids(parse_meld(spec).codes)
    except TilelensInputError:
        return None


def _photo_pon_made_kan(game: Game, prefix: str, photo_melds: Sequence[str], kan: Sequence[str], held: int) -> bool:
    """A kan (``kan``: its tile ids, as the builder makes it) of a kind ``photo_melds`` hold a pon of: its fourth tile
    joins the hand as the palette adds one (``tiles._add``: refused, said so, where no copy is left), which makes
    that pon the kan (``photo.melds_with_kans``; the tile taken out again, it is a pon again), and True. Typed as a
    meld of its own instead, it took the pon's tiles out of the hand, and the photo's other melds with them. So a kan
    of a kind the photo's melds already hold a kan of (tapped twice): refused as the palette refuses a fifth copy
    (``tiles.refuse_no_copy``), nothing changed, and True. Where the hand (``held`` tiles beside the melds) is short,
    the tile would count as the hand's own, not the pon's fourth (``melds_with_kans``): refused, said how to make the
    kan (the missing tile added first), nothing changed, and True. (A photo's melds are found only in a hand whole or
    one short, ``vision.melds.find_melds``: never one over.)"""
    from app.components.tiles import _add, refuse_no_copy, typed_meld_tiles
    from scorer.riichi_tiles import KIND34, code_of, kan_of_pon

    for spec in photo_melds:
        if kan_of_pon(spec, kan[-1]):  # the kan's last tile is never its red five
            if held + 3 * (len(photo_melds) + len(typed_meld_tiles(prefix))) < game.hand_size:  # a kan counts 3
                st.session_state[f"{prefix}_refused"] = t("kan_hand_short", tile=as_typed(name_of(game.tile(kan[-1]))),
                                                          add=t("add_missed"))
                return True
            _add(game, prefix, False, next((Counter(kan) - Counter(_meld_ids(spec))).elements()))
            return True
        ids = _meld_ids(spec) or []
        if len(ids) == 4 and {KIND34[code_of(i)] for i in ids} == {KIND34[code_of(kan[-1])]}:  # a kan of it already
            refuse_no_copy(game, prefix, kan[-1], [*ids, *kan[:-1]])  # a house set's eight Easts: riichi plays four
            return True
    return False


def _add_meld(game: Game, prefix: str, photo_melds: Sequence[str], held: int, tile_id: str) -> None:
    """A callback: the meld of the chosen kind (read now, not when the grid was drawn) made from
    ``tile_id`` joins the melds text; an open meld unticks riichi. A kan of fives holds the red five
    where the table plays the set's (``0555m``: four plain fives the set has not, and the scorer refused the kan;
    ``0055p`` of a set of two red 5p and two plain ones), a chi ticked "with the red five" too (``tiles.red_five``;
    any chi unticks the box, its suit's red five or not), and any meld whose fives the set's plain ones cannot fill
    (a chi of 3p of a set of red 5p alone: 340p, its red five tapped for a chi from it: 067p; a pon of 5p of a set of
    two plain ones: 055p).
    A meld needing a copy the set has not left beside the hand and the other melds (a closed kan 3333m
    beside a 3m in the hand) is refused at the tap, said as the palette says it, and nothing changes
    (``tiles.meld_refused``); the meld's own tiles standing loose in the hand (a photo's two faces of a closed
    kan) are taken out of it (``tiles.take_meld_tiles``). A kan of a kind the photo's melds in play (``photo_melds``)
    hold a pon of adds that pon's missed fourth tile to the hand instead (``_photo_pon_made_kan``; ``held``: the hand's
    tiles beside them)."""
    from app.components.tiles import meld_refused, played_copies, red_five, take_meld_tiles

    kind = st.session_state.get(f"{prefix}_meld_kind") or "pon"
    digit, suit = int(tile_id[0]) or 5, tile_id[1]  # a red five tapped: a meld of fives holding it
    digits = {"chi": [digit, digit + 1, digit + 2], "pon": [digit] * 3}.get(kind, [digit] * 4)
    red = red_five(game, f"5{suit}")  # None: no red five played or in the set, the fives all plain
    # "with the red five" is for the chi it was ticked for: unticked by any chi, so never kept for a later one
    red_ticked = kind == "chi" and st.session_state.get(f"{prefix}_meld_red", False)
    if kind == "chi":
        st.session_state[f"{prefix}_meld_red"] = False
    if red and 5 in digits:
        # the fives the set's plain ones leave the meld short of are red (a chi through 5p of a set of red 5p alone,
        # a kan of a set of two red 5p and two plain ones: 0055p); one at least in a kan, and where the red five was
        # tapped (a pon: 055m) or ticked (a chi: 406m)
        fives, least = digits.count(5), int(len(digits) == 4 or tile_id[0] == "0" or red_ticked)
        reds = min(played_copies(game, red), fives, max(least, fives - played_copies(game, f"5{suit}")))
        for _ in range(reds):
            digits[digits.index(5)] = 0
    if kind in ("kan", "kakan") and _photo_pon_made_kan(game, prefix, photo_melds, [f"{d}{suit}" for d in digits],
                                                        held):
        return  # the photo's pon of it: its fourth tile missed
    if meld_refused(game, prefix, [f"{d}{suit}" for d in digits]):
        return
    text = st.session_state.get(f"{prefix}_melds", "").strip()
    meld = meld_typed(f"{kind}:{''.join(map(str, digits))}{suit}")  # ポン 055p on a Japanese screen
    st.session_state[f"{prefix}_melds"] = f"{text + ', ' if text else ''}{meld}"
    take_meld_tiles(game, prefix)  # the meld's own tiles standing loose in the hand (a closed kan's two faces)
    if kind != "ankan":
        st.session_state[f"{prefix}_riichi"] = False


def _melds_typed(game: Game, prefix: str) -> None:
    """A callback: the melds' own tiles standing loose in the hand are taken out of it (``take_meld_tiles``);
    melds typed that call a tile (any but a closed kan) untick riichi, as a meld tapped (``_add_meld``) or read
    from a photo does: riichi ticked (by the player) was refused with "riichi needs a closed hand". The player
    may tick it again."""
    from app.components.tiles import take_meld_tiles

    take_meld_tiles(game, prefix)
    typed = parse_meld_text(st.session_state.get(f"{prefix}_melds", ""))
    if any(not meld_problem(spec) and not spec.startswith("ankan:") for spec in typed):
        st.session_state[f"{prefix}_riichi"] = False


def _remove_meld(prefix: str, spec: str) -> None:
    """A callback: the melds text less ``spec`` (once), the others written as before."""
    typed = parse_meld_text(st.session_state.get(f"{prefix}_melds", ""))
    if spec in typed:
        typed.remove(spec)
    st.session_state[f"{prefix}_melds"] = ", ".join(meld_typed(s) for s in typed)


def photo_melds_key(prefix: str) -> str:
    """The session key of "score the tiles set apart as called melds" (True until unticked)."""
    return f"{prefix}_photo_melds"


def melds_in_play(prefix: str, melds: Sequence[Any]) -> tuple[Any, ...]:
    """The photo's ``melds`` while "score them as called melds" is ticked (its box is drawn later in the
    run: this reads its last value), else none."""
    return tuple(melds) if st.session_state.get(photo_melds_key(prefix), True) else ()


def meld_text(spec: str) -> str:
    """A meld as a player says it: ``"pon:555z"`` -> ``"ポン 白白白 (555z)"`` / ``"pon 555z"``
    (``tiles.meld_words``)."""
    from app.components.tiles import meld_words

    return meld_words(spec)


def concealed_count(options: HandOptions) -> int:
    """How many tiles the melds take out of a 14-tile riichi hand (3 each, a kan counts 3)."""
    return 3 * len(options.kwargs.get("melds", ()))
