"""The part both score pages share: the hand strip with its picker, the options, the result or the
waits, and the button that appends the hand to the table ledger."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from copy import deepcopy
from dataclasses import replace
from functools import lru_cache
from typing import Any, NamedTuple

import streamlit as st

from app.components import resources
from app.components.common import as_typed, keep_choice, style
from app.components.i18n import error_text, game_t, lang, name_of, said, switch_page, t, tr
from app.components.options import (KEPT, WIN_CHOSEN, WINDS, HandOptions, _meld_ids, concealed_count, default_win,
                                    forget_hand_options, forget_options_of_another_game, guessed_win_tile,
                                    hand_options, hand_win, melds_in_play)
from app.components.ledger_view import (DEFAULTED_PARAM, chosen_match, chosen_match_key, hand_said,
                                        keep_match_in_address, taken_in_address)
from app.components.photo import PhotoMeld
from app.components.result import (amount, currency, heading, list_sep, payments_view, result_view, summary_note,
                                  waits_view)
from app.components.tiles import STRIP_W, hand, no_toolbars_css, picture, remove_tile, set_tile, tile_picker, tile_strip
from scorer import Game, ScoreResult, TilelensInputError, score, waits
from scorer.likely import WinningReading, likeliest_win, shape_wins
from scorer.payout import REMAINDER_NOTE
from scorer.riichi_pay import PAO_NOTE, NextHand, next_hand_after
from tilelens.ledger import (SAME_DISCARD, HandKind, HandRecord, LedgerChangedError, LedgerError, Match, MoveOutcome,
                             NoMatchError, TableState, deal_honba, dealt_in, discard_takes_another, engine_of,
                             game_as_started, hand_number, hand_number_said, hand_numbers,
                             last_discarder, last_hand_start, match_to_add_to, may_also_win_on_last_discard,
                             multiple_ron_ways, nearest, newest_match, note_favourite, one_ron_possible,
                             one_winner_on_discard, OneRonChoice, OneRonOnDiscard, payments_key, player_key,
                             priced_in_deal, remainder_parts, replay, result_note, riichi_short, riichi_tells,
                             ron_to_share, same_win, seat_payments, seat_wind, sticks_said, sticks_taken)


def house_table_note(game: Game) -> None:
    """A caption where the game is scored with an organiser's edit of its table (the Rules page's words, the file
    said as every page says a path, ``visitor.said_path``, whole in its help on the computer running the app alone,
    ``visitor.path_help``: a phone is not shown the laptop's folders):
    the score pages did not say so, the command line does. Where the shipped table has changed since the edit was
    made from it (tilelens updated; an edit saved by an older tilelens), a line more, with a link to the Rules page
    that shows the changes (the Rules page and the command line said so, the score pages did not): where that page
    lists a change to take (``rules_news.news_to_take``), not for an update of comments alone or one the edit has
    already."""
    from app import settings
    from app.components.visitor import path_help, said_path

    edited = settings.edited_path(game.id)
    if edited is None:
        return
    st.caption(t("edited_in_use", path=said_path(edited)), help=path_help(edited))  # the one path helper
    if _news_to_take(game.id):
        st.caption(t("edited_older" if settings.made_from_unknown(game.id) else "edited_shipped_changed"))
        st.page_link("views/rules.py", label=t("rules_open"), icon=":material/menu_book:")


def _news_to_take(game_id: str) -> bool:
    """Whether the Rules page lists a change of the shipped table to take into the edit (``rules_news.news_to_take``,
    kept between runs); where telling fails, True: the Rules page then says it could not list them."""
    from app.components.rules_news import news_to_take

    try:
        return news_to_take(game_id)
    except Exception:  # noqa: BLE001 - a score page is drawn whatever the Rules page's list meets
        return True


def expected_size(game: Game, options: HandOptions) -> int:
    """How many tiles the scored hand must hold (riichi: 14 less 3 per meld)."""
    return game.hand_size - concealed_count(options)


def score_hand(game: Game, tiles: Sequence[str], options: HandOptions) -> ScoreResult:
    """Score ``tiles`` under ``options`` (raises ``TilelensInputError`` for bad input)."""
    return score(game, list(tiles), **options.kwargs)


def hand_waits(game: Game, tiles: Sequence[str], options: HandOptions) -> list[Any]:
    """The waits of a hand one tile short."""
    kwargs = {k: v for k, v in options.kwargs.items() if k not in {"win_tile", "win"}}
    if game.engine == "riichi":
        from scorer import riichi  # the riichi waits take the table's options (melds, dora, winds)

        return riichi.waits(game, list(tiles), **kwargs)
    asked = {k: v for k, v in options.kwargs.items() if k != "winning_tile"}
    return [_as_won(game, tiles, wait, asked) for wait in waits(game, list(tiles), scouted=asked.get("scouted", ()))]


def _what_would_win(game: Game, prefix: str, tiles: Sequence[str], options: HandOptions, result: ScoreResult
                    ) -> tuple[tuple[str, ScoreResult], ...]:
    """A complete riichi hand that does not win as chosen: the other win kind ("tsumo" or "ron") and Riichi ticked
    ("riichi", where unticked), each with its result where it wins (kept while the hand and options stay). The top
    line says it (``result.would_win_said``): a menzen-tsumo hand at the table's default ron read "no yaku", and the
    fix (Tsumo, or the Riichi tick) was a caption two screens down."""
    if game.engine != "riichi" or result.winning or result.chombo or "tiles_from_win" in (result.extra or {}):
        return ()
    asked = {k: v for k, v in options.kwargs.items() if k not in ("pot", "riichi_sticks")}  # the sticks: Riichi's own
    other = "tsumo" if options.win_kind == "ron" else "ron"
    tries = [(other, {"win": other})] + ([] if options.riichi else [("riichi", {"riichi": True})])

    def tried() -> tuple[tuple[str, ScoreResult], ...]:
        found = []
        for what, changed in tries:
            try:
                alt = score(game, list(tiles), **{**asked, **changed})
            except TilelensInputError:  # an option of one win kind alone (houtei, rinshan), Riichi on an open hand
                continue
            if alt.winning and not alt.chombo:
                found.append((what, alt))
        return tuple(found)

    return kept_for(prefix, "would_win", (game, tiles, options), tried)


def kept_for(prefix: str, what: str, given: tuple[Game, Sequence[str], HandOptions], compute: Callable[[], Any]) -> Any:
    """``compute()``, kept in the page's session until what it is computed from (``given``: the game as scored,
    the tiles, the options) changes: every tap reruns the page, and a tap that opens the picker, or changes what
    the score does not depend on, scored the hand (or listed a short hand's waits, scoring each) again. The last
    one of each ``what`` is kept; an error is not (it is raised again, and said, on every run)."""
    game, tiles, options = given
    key = (game, tuple(tiles), deepcopy(options.kwargs))  # by content: a game file edited, an option changed
    slot = f"{prefix}_{what}_kept"
    was = st.session_state.get(slot)
    if was is not None and was[0] == key:
        return was[1]
    value = compute()
    st.session_state[slot] = (key, value)
    return value


def check_copies(game: Game, tiles: Sequence[str], options: HandOptions) -> None:
    """Raise ``TilelensInputError`` when ``tiles`` (with a riichi hand's melds, indicators and discards) hold more
    copies of a tile than the set has, in the scorer's own words and as it parses them: said before the count of
    a hand not yet whole (``11111m`` typed, or a fifth 1m turned over as a dora indicator)."""
    if game.engine == "riichi":
        from scorer.riichi_hand import check_hand_copies

        seen = ("melds", "dora_indicators", "ura_dora_indicators", "discards")
        check_hand_copies(game, list(tiles), **{k: v for k, v in options.kwargs.items() if k in seen})
    else:
        from scorer.engine import parse_hand

        parse_hand(game, list(tiles))


def _as_won(game: Game, tiles: Sequence[str], wait: Any, kwargs: dict[str, Any]) -> Any:
    """A Donjara wait as the hand would win with it under the options chosen (a favourite doubles it, a
    tsumo at four players rounds up: 120 where the basic set is 100): the list and the win then agree.
    As listed where it would not win so (riichi unticked, a ron on an Almighty)."""
    try:
        result = score(game, [*tiles, wait.tile], winning_tile=wait.tile, **kwargs)
    except TilelensInputError:
        return wait
    return replace(wait, yaku=result.yaku[0], points=result.points) if result.winning and result.yaku else wait


def ledger_defaults(table: OpenTable | str | None) -> dict[str, Any]:
    """Option defaults from the game's open match (``open_table``): players, honba, round wind, and the riichi
    sticks left on its table."""
    if not isinstance(table, tuple):
        return {}
    match, state, _ = table
    chip = match.rules.riichi_chip
    return {"players": len(match.players), "honba": state.honba,
            "round_wind": round_wind(state, match.rules.laps), "riichi_sticks": state.pot // chip if chip else 0,
            "ended": bool(state.ended)}  # the options then ask for the hand's own favourite (``options._match_players``)


def round_wind(state, laps: int | None = None) -> str:
    """The round wind a ledger state is in, as the options offer it (East, South, then West and North for a
    house that plays on, and East again from a fifth lap, as the ledger names the round: ``tilelens.ledger.round_of``).
    ``laps``: the match's, whose last round an ended match stays in (South 4's ron ended it: no West round comes)."""
    lap = state.round_index if laps is None else max(0, min(state.round_index, laps - 1))
    return WINDS[lap % 4]


OpenTable = tuple[Match, TableState, list[HandRecord]]
LEDGER_BOXES = ("winner", "discarder")  # the ledger box's boxes kept across pages (``options.KEPT``)


def open_table(game_id: str) -> OpenTable | str | None:
    """The match of this game the ledger page shows (the one last chosen there, or named in the address
    after a reload), else the one this phone took before, none chosen (``taken_match``), else the newest
    (``tilelens.ledger.match_to_add_to``), with its table and hands from one reading; None without one, and why
    in the screen's language where the ledger cannot be read (a file busy, replaced or damaged): the page
    reads it once, and says that once. The match is kept in the address, as the ledger page keeps it."""
    try:
        readable = resources.ledger().matches()
        matches = [m for m in readable if m.game_id == game_id]
        ids = [m.id for m in matches]
        chosen = chosen_match(game_id, ids)
        if chosen is not None:  # after a reload, the one in the address: the ledger page shows it too
            st.session_state[chosen_match_key(game_id)] = chosen
        # none chosen on this phone: the match taken before (this session's, or the address's after a reload), else
        # the newest, which may be another table's (``others_under_way``)
        match = match_to_add_to(matches, chosen if chosen is not None else taken_match(game_id, ids))
        if match is None:
            return None
        if chosen is None:
            st.session_state[defaulted_match_key(game_id)] = match.id
        # marked as taken, not chosen: a reload is still told another match is under way
        keep_match_in_address(match.id, [m.id for m in readable],
                              defaulted=st.session_state.get(defaulted_match_key(game_id)) == match.id)
        return match, *resources.ledger().table(match.id)
    except LedgerError as exc:
        return error_text(exc)


Choices = Sequence[Sequence[tuple[str, float]]]


def winning_hint(game: Game, tiles: Sequence[str], options: HandOptions, choices: Choices = (),
                 detections: Sequence[float] = ()) -> WinningReading | None:
    """The likeliest winning reading of a photo's hand that does not win as it stands (None: it wins,
    or no winning hand is near). ``choices``/``detections``: the reading's, per tile in hand order; a
    tile the person has changed (or added) no longer matches its reading and stays as it is."""
    as_read = [i < len(choices) and bool(choices[i]) and choices[i][0][0] == tile for i, tile in enumerate(tiles)]
    aligned = tuple(tuple(choices[i]) if ok else ((tile, 1.0),) for i, (tile, ok) in enumerate(zip(tiles, as_read)))
    boxes = tuple(float(detections[i]) if ok and i < len(detections) else 1.0  # a tile a person set is a tile
                  for i, ok in enumerate(as_read))
    size = expected_size(game, options)
    if not any(len(c) > 1 for c in aligned) and len(tiles) == size:
        return None  # nothing the reader doubted is left to change
    # by its file: the table in use (an organiser's edit), not the shipped one of the same id
    found = _likeliest(str(game.source or game.id), aligned, boxes, size, tuple(options.kwargs.get("melds", ())))
    return found if found is not None and found.changes else None


@lru_cache(maxsize=64)  # the page runs again on every tap: search once per hand
def _likeliest(game_file: str, choices: tuple, detections: tuple, size: int, melds: tuple) -> WinningReading | None:
    return likeliest_win(game_file, choices, size=size, detections=detections,
                         wins=lambda tiles: shape_wins(game_file, tiles, melds))


def hint_view(game: Game, prefix: str, found: WinningReading, tile_crop: Callable[[int], Any] | None = None) -> None:
    """The winning reading: each change as the tile in the photo (``tile_crop(index)``, when given),
    then its picture as read and as it would be, and one button."""
    with st.container(border=True, key=f"{prefix}_hint"):
        st.markdown(t("hint_title"))
        for change in found.changes:
            row = st.container(horizontal=True, gap="small", vertical_alignment="center")
            with row:
                crop = tile_crop(change.index) if tile_crop else None
                if crop is not None:
                    st.image(crop, width=STRIP_W, caption=t("hint_photo"), alt="")  # its caption says it
                # the line beside names it
                st.image(picture(game, change.read, STRIP_W), width=STRIP_W, output_format="JPEG", alt="")
                if change.becomes is None:
                    st.markdown(t("hint_drop", i=change.index + 1, read=name_of(game.tile(change.read)),
                                  d=1 - change.probability))
                else:
                    st.markdown("→")
                    st.image(picture(game, change.becomes, STRIP_W), width=STRIP_W, output_format="JPEG", alt="")
                    st.markdown(t("hint_change", i=change.index + 1, read=name_of(game.tile(change.read)),
                                  becomes=name_of(game.tile(change.becomes)), p=change.probability))
        st.caption(t("hint_note"))
        st.button(t("hint_apply"), key=f"{prefix}_hint_apply", type="primary", on_click=_apply_hint,
                  args=(prefix, found.changes, tuple(hand(prefix))))
        style(no_toolbars_css(f"{prefix}_hint"))  # its pictures: no Fullscreen button (a Tab stop, unseen)


def _apply_hint(prefix: str, changes, shown: tuple[str, ...]) -> None:
    """The winning reading offered for the hand ``shown``; nothing if the hand has changed since (a tile
    corrected just before the button: its changes name tiles by their place in that hand)."""
    if tuple(hand(prefix)) != shown:
        return
    for change in changes:
        if change.becomes is not None:
            set_tile(prefix, change.index, change.becomes)
    for change in sorted((c for c in changes if c.becomes is None), key=lambda c: -c.index):
        remove_tile(prefix, change.index)


def score_section(game: Game, prefix: str, low: Sequence[bool] = (), alternatives: Sequence[Sequence[str]] = (),
                  choices: Choices = (), detections: Sequence[float] = (),
                  tile_crop: Callable[[int], Any] | None = None,
                  melds: Sequence[PhotoMeld] = ()) -> OpenTable | str | None:
    """Everything below the hand's source: strip, picker, options, result, ledger button. A photo's
    reading also gives each tile's ``choices`` (kinds with probabilities) and box ``detections``: a hand
    that does not win as read then gets the likeliest winning reading to accept with one tap. ``melds``:
    riichi melds set apart in the photo, with their tiles' places in the hand; unless the player unticks
    them they are scored as melds and the rest of the hand as its concealed tiles. Returns the open match as it
    read it (``open_table``; None without a hand): a page reads the ledger once a run."""
    tiles = hand(prefix)
    if not tiles:
        # a typed hand cleared ("Clear"): the tiles typed next are the next hand's, the same as the one added or
        # not (a dealer's repeat win). Not a photo's: the photo page keeps its record per photo.
        if st.session_state.get(f"{prefix}_hand_of") is None and st.session_state.get(f"{prefix}_added_of") is None:
            st.session_state.pop(f"{prefix}_added", None)
        if f"{prefix}_{AS_ADDED}" in st.session_state:  # the next hand is scored at the table's figures
            _table_moved_on(prefix)
        forget_options_of_another_game(prefix)  # the hand emptied for another game: its options go with it
        _forget_boxes(prefix)  # the ledger box's, kept (``options.KEPT``) while the hand is: said of that hand
        st.session_state.pop(f"{prefix}_{PAO}", None)  # who fed the last dragon: said of that hand
        return None
    # the hand's places of tiles a person should check (a photo's ``PhotoTile.low``): a win resting on them says so on
    # its top line, and Add asks first (a misread photo showed as a green win to add, 12万 on two tiles at 0.23)
    unsure = tuple(i for i, doubt in enumerate(low[:len(tiles)]) if doubt)
    offered = [spec for spec, _ in melds]
    melds = melds_in_play(prefix, melds)
    _closed_only_without(prefix, melds)
    in_melds = {i: spec.partition(":")[0] for spec, places in melds for i in places}
    held_at = [i for i in range(len(tiles)) if i not in in_melds]
    held = [tiles[i] for i in held_at]
    # each meld counted whole: a closed kan read from its two faces (its backs not read) is 4 tiles, not 2 ("Hand
    # (13 tiles: 11 held, 2 in melds)" for a full hand)
    rest = sum(len(_meld_ids(spec) or places) for spec, places in melds)
    counted = t("hand_melds", n=len(held) + rest, held=len(held), rest=rest) if melds else \
        t("hand" if len(tiles) != 1 else "hand_one", n=len(tiles))
    heading(f"{counted} :gray[· {t('tap_to_fix')}]")
    tile_strip(game, prefix, low, tags={i: t("meld_" + kind) for i, kind in in_melds.items()})
    index = st.session_state.get(f"{prefix}_edit")
    alts = alternatives[index] if isinstance(index, int) and index < len(alternatives) else ()
    # the classifier's probability of each kind (``choices``): its kinds past its first two fill the Likely row above a
    # floor (``tiles.likely_row``)
    scores = {k: float(p) for k, p in choices[index][1:]} if isinstance(index, int) and index < len(choices) else {}
    tile_picker(game, prefix, alts, tile_crop, scores)
    if isinstance(index, int):  # the picker's pictures (the tile as photographed, as read): no Fullscreen button
        style(no_toolbars_css(f"{prefix}_picker"))
    table = open_table(game.id)
    _boxes_follow_the_match(prefix, table)
    since = _started_since(table)
    if since[0]:  # the ended match's last discard takes no other winner from here: its box's tick is forgotten
        st.session_state.pop(f"{prefix}_same_discard", None)
    if isinstance(table, str):  # the ledger cannot be read: the hand is still scored, with no ledger button
        st.error(table)
    elif table is not None:  # a hand of the open match is scored as it started: its honba amounts, its players
        game = game_as_started(game, table[0].rules, len(table[0].players))
    hand_win(game, prefix)  # a new hand's win kind, the game's default: set before the ledger's boxes read it
    defaults = ledger_defaults(table)
    if _same_discard_ticked(prefix, table):  # another winner on the last ron's discard: priced with no honba (the
        defaults["honba"] = 0  # ledger gives the table's to the winner nearest the discarder, ``Ledger.add_win``)
        defaults["round_wind"] = _discard_round(table)  # and in the discard's round (the first win may have ended it)
        defaults["ended"] = False  # the one hand an ended match still takes: its winner's own favourite (``options``)
    _follow_the_table(prefix, defaults)
    for key, value in (st.session_state.get(f"{prefix}_{AS_ADDED}") or {}).items():
        st.session_state.setdefault(key, value)  # the boxes not drawn for a while (another page): as added
    _riichi_follows_the_winner(prefix, table)
    _seat_from_the_ledger(game, prefix, table)
    _favourites_from_the_ledger(game, table)
    passed_to = _sticks_from_the_ledger(game, prefix, table)
    # a photo's options folded (their choices in the fold's label): on a phone the result is below them. Typed by
    # hand, the options are part of what the player enters: open (the palette above folds once the hand is full)
    options = hand_options(game, prefix, held, defaults, offered, as_lying=bool(choices), folded=tile_crop is not None)
    _as_added_until_changed(prefix, _with_pao_said(prefix, options))  # the hand as added: its pao answer with it
    _favourite_from_the_ledger_said(game, prefix, table, options)
    options = _with_the_pot(game, prefix, options, table)
    tiles = held  # from here on, the tiles scored as the hand: all but the photo's melds
    if in_melds:  # the winning reading below is of the concealed tiles: its changes are placed in the hand
        choices = [c for i, c in enumerate(choices) if i not in in_melds]
        detections = [d for i, d in enumerate(detections) if i not in in_melds]
    need = expected_size(game, options)
    st.subheader(t("result"), anchor=False)
    # What keeps a hand from a result is said in the result's line above the hand too (``summary_note``): a
    # photo that missed tiles said so only here, two screens down on a phone.
    try:
        if need < 2:  # five melds or more leave no hand to score
            _said_here_and_above(st.error, t("too_many_melds", n=len(options.kwargs.get("melds", ()))))
        elif len(tiles) == need:
            result = kept_for(prefix, "scored", (game, tiles, options), lambda: score_hand(game, tiles, options))
            options, result, above = _pao_asked(game, prefix, tiles, result, options, table)
            if passed_to is not None and result.pot and st.session_state.get(f"{prefix}_sticks") == 0:
                # a second winner whose own stick the ledger gives, with the pot, to the winner nearer the discarder
                result = replace(result, pot=0, extra={**result.extra, "total_received": result.points})
            receipt = _double_ron_receipt(game, prefix, table, result)
            if receipt is not None:  # the honba the ledger moves between a discard's winners: said below, in all
                result = replace(result, pot=0, extra={**result.extra, "total_received": receipt[0]})
            would_win = _what_would_win(game, prefix, tiles, options, result)  # said in the top line
            # the result's line above the pao question
            payments_at = result_view(game, result, above, would_win, len(unsure),
                                      won_on_said(game, tiles, options, as_lying=bool(choices)))
            if receipt is not None:
                st.caption(receipt[1])
            if passed_to is not None and result.winning:
                st.caption(t("pot_passed", name=as_typed(passed_to)))
            ended = isinstance(table, tuple) and table[1].ended
            if result.winning:
                ledger_button(game, prefix, result, options, table, payments_at, since, unsure)
            elif result.chombo:  # the scorer's own (a ron on one's own discard, a win on an Almighty): as a declared
                _chombo_lead(table)  # one, led to the ledger page's form
            elif _false_win_is_chombo(game):
                _declared_chombo(game, prefix, tiles, options, table)
            elif isinstance(table, tuple) and not ended:  # the ledger box is drawn for a win
                st.caption(t("ledger_once_it_wins", winner=t("winner"), button=t("add_to_ledger")))  # only: say so
            if not result.winning:  # a complete riichi hand declared a win: a chombo, said so (not one a tick wins)
                from app.components.rules_news import default_said

                default_said(game, "chombo", table, result, (prefix, tiles, options))
            if ended and not result.winning:  # no ledger box: said here, not a box to come
                _ended_said(prefix, table, since)
        elif len(tiles) == need - 1:
            listed = kept_for(prefix, "waits", (game, tiles, options), lambda: hand_waits(game, tiles, options))
            waits_view(game, listed)
        else:
            check_copies(game, tiles, options)  # too many copies is said first: no count of tiles mends it
            key = "need_held" if options.kwargs.get("melds") else "need_tiles"
            quads = four_alike(game, tiles, len(tiles) - need)  # one over for each: a kan laid in the row, counted 4
            if quads:
                _said_here_and_above(st.info, t(f"{key}_kan", n=need, have=len(tiles), builder=t("meld_builder"),
                                                tiles=list_sep().join(name_of(game.tile(k)) for k in quads)))
            else:
                _said_here_and_above(st.info, t(key, n=need, have=len(tiles)))
    except TilelensInputError as exc:
        _said_here_and_above(st.error, t("score_error", err=error_text(exc)))
    if choices and len(tiles) in (need, need + 1):
        found = winning_hint(game, tiles, options, choices, detections)
        if found is not None:
            if in_melds:
                found = replace(found, changes=tuple(replace(c, index=held_at[c.index]) for c in found.changes))
            hint_view(game, prefix, found, tile_crop)
    return table


def won_on_said(game: Game, tiles: Sequence[str], options: HandOptions, as_lying: bool = False) -> str:
    """How a riichi hand's winning tile came, for its result to say (``result.WON_ON``): "chosen" in the Options'
    box, else the hand's last tile, "written" (typed or tapped) or a "photo"'s (``as_lying``: read, or added after);
    "" for a hand with no winning tile box (Donjara)."""
    picked = options.kwargs.get("win_tile")
    if game.engine != "riichi" or not picked or not tiles:
        return ""
    if picked != guessed_win_tile(game, tiles, as_lying):
        return "chosen"
    return "photo" if as_lying else "written"


PAO = "pao"  # ``{prefix}_pao``: the answer to "Who fed the last dragon? (pao)", a seat wind ("" for nobody)


def _with_pao_said(prefix: str, options: HandOptions) -> HandOptions:
    """``options`` with the pao answered for the hand (``_pao_asked``'s box, as last drawn), as the hand was scored
    and added: what the ledger button's record of the hand added is compared with (``_as_added_until_changed``)."""
    said = st.session_state.get(f"{prefix}_{PAO}")
    return replace(options, kwargs={**options.kwargs, "pao": said}) if said else options


def _pao_asked(game: Game, prefix: str, tiles: Sequence[str], result: ScoreResult, options: HandOptions,
               table: OpenTable | str | None) -> tuple[HandOptions, ScoreResult, Any]:
    """A riichi hand a liability payment (pao, 責任払い) may follow (``result.extra["pao_yaku"]``: a daisangen whose
    dragon sets were called, a daisuushii's wind sets): asks who fed the last dragon (wind), of the other seats at
    the table (named by their players where a match is open) or nobody, and scores it so (the liable player pays
    the yakuman alone on a tsumo, half beside the discarder on a ron: ``scorer.riichi_pay.pao_payments``); the options
    with the answer (the ledger button records it), the result, and a container drawn above the question, where
    ``result_view`` draws the result's line and yaku (the question is asked of them, and answered before the result
    is drawn: it sat above the win it asks about). Any other hand: as they are, and None."""
    kind = (result.extra or {}).get("pao_yaku")
    if game.engine != "riichi" or not kind or not result.winning:
        st.session_state.pop(f"{prefix}_{PAO}_was", None)  # no question: no answer of an earlier hand kept to say
        return options, result, None
    above = st.container()
    seat = options.kwargs.get("seat") or "south"
    seats = [w for w in WINDS[:options.players] if w != seat]
    names: dict[str, str] = {}
    deal = _deal_shown(prefix, table, options.win_kind)
    if isinstance(table, tuple) and deal is not None and len(table[0].players) == options.players:
        # the players at those seats (the winner's too) under the deal the hand is priced at: the table's now, or the
        # one the hand just added was played in (the table has moved on since), or the last ron's discard's
        names = {w: as_typed(table[0].players[(deal[0] + WINDS.index(w)) % options.players])
                 for w in WINDS[:options.players]}

    def named(w: str) -> str:
        return t("pao_seat_named", wind=t(w), name=names[w]) if w in names else t(w)

    # said now, in the screen's language (a format_func may be called outside the run: ``i18n.tr``)
    labels = {"": t("pao_nobody"), **{w: named(w) for w in seats}}
    was = st.session_state.get(f"{prefix}_{PAO}_was")  # the last seat answered: the box forgets one no longer offered
    keep_choice(f"{prefix}_{PAO}", list(labels), "")  # its words after a language switch
    answer = st.selectbox(t(f"pao_{kind}"), list(labels), key=f"{prefix}_{PAO}", format_func=labels.__getitem__,
                          help=t("pao_help"))
    from app.components.rules_news import default_said  # pao played by tilelens's default: said so, once

    default_said(game, "pao" if kind != "suukantsu" else "pao_suukantsu")
    if answer:
        st.session_state[f"{prefix}_{PAO}_was"] = answer
    elif was == seat:  # the winner chosen since sits where the answer was: the answer cleared, said
        st.caption(t("pao_cleared", answer=named(was), winner=names.get(was) or t(was)))
    else:  # "nobody" chosen (or the answer's seat is offered again, the box at nobody): nothing to say
        st.session_state.pop(f"{prefix}_{PAO}_was", None)
    if not answer:
        return options, result, above
    asked = replace(options, kwargs={**options.kwargs, "pao": answer})
    scored = kept_for(prefix, "scored_pao", (game, tiles, asked), lambda: score_hand(game, tiles, asked))
    said = t("pao_half_note")  # a liable player's half of a ron, said in the screen's language (``PAO_NOTE``)
    scored = replace(scored, payments=tuple(replace(p, note=said) if p.note == PAO_NOTE else p
                                            for p in scored.payments))
    return asked, _pao_note_at_the_table(scored, names, deal, options.players), above


def _pao_note_at_the_table(result: ScoreResult, names: dict[str, str], deal: tuple[int, int | None] | None,
                           players: int) -> ScoreResult:
    """``result`` (a pao paid) with its note said as the table's payments say it (``scorer.riichi.pao_note``): the
    liable player by name where the match names the seats (``names``: "Chie fed the last dragon", not "West", beside
    "Chie pays Ben 16,000 points"), and, once the discarder is chosen (``deal``: ``_deal_shown``'s), whether the
    liable player dealt in, not what it would pay if it had."""
    from scorer.riichi import pao_note

    extra = result.extra or {}
    if "pao" not in extra or (not names and (deal is None or deal[1] is None)):
        return result  # no table: the scorer's own note
    discarder = None if deal is None or deal[1] is None else WINDS[(deal[1] - deal[0]) % players]
    # the discarder by name too, who pays the other half (「残りの半分をDanが払います」, not 「放銃者が」)
    note = pao_note(result, discarder, names.get(extra["pao"]), names.get(discarder) if discarder else None)
    notes = [note if n.get("id") == "pao" else n for n in extra.get("notes") or ()]
    return replace(result, extra={**extra, "notes": notes})


def _deal_shown(prefix: str, table: OpenTable | str | None, win_kind: str) -> tuple[int, int | None] | None:
    """The deal the hand shown is priced at, at an open match: its dealer's seat, and the seat that dealt in where
    known (None else): the hand just added, as it was added (``_added_deal``); another winner on the last ron's
    discard, that discard's deal and discarder; any other hand, the table's deal now and the discarder chosen in the
    ledger box (a ron's). None without a table (or where the ledger cannot say the discard's deal)."""
    if not isinstance(table, tuple):
        return None
    match, now, hands = table
    added = _added_deal(prefix, table)
    if added is not None:
        return added
    if _same_discard_ticked(prefix, table):
        try:
            dealer = resources.ledger().discard_state(match.id).dealer
        except LedgerError:
            return None  # the ledger box says why
        return dealer, last_discarder(hands)
    chosen = st.session_state.get(f"{prefix}_discarder")
    known = win_kind == "ron" and isinstance(chosen, int) and chosen in range(len(match.players)) \
        and chosen != st.session_state.get(f"{prefix}_winner")
    return now.dealer, chosen if known else None


def _added_deal(prefix: str, table: OpenTable | str | None) -> tuple[int, int | None] | None:
    """Where the page shows the hand it just added, as added (``AS_ADDED``): the dealer's seat of the deal that hand
    was played in (``TableState.deals``) and who dealt in, as the ledger took it; None else. The table has moved on
    since (the deal passed to the winner): its seats named from the next deal said a 32,000 pao ron as "each of the
    others pays 16,000 (16,000 all)" and the liable West as the next deal's."""
    if not isinstance(table, tuple) or f"{prefix}_{AS_ADDED}" not in st.session_state:
        return None
    match, now, hands = table
    added = _added_hand(prefix, match.id, hands)
    index = next((i for i, h in enumerate(hands) if h.id == added), None)
    if index is None or index >= len(now.deals):
        return None
    return now.deals[index][0], dealt_in(hands[index])


def _pao_seat(options: HandOptions, dealer: int, players: int) -> int | None:
    """The seat at the table of the player liable for the hand (pao), from the seat wind answered (``_pao_asked``)
    under ``dealer``'s deal; None for none."""
    wind = options.kwargs.get("pao")
    return (dealer + WINDS.index(wind)) % players if wind in WINDS[:players] else None


def _started_since(table: OpenTable | str | None) -> tuple[bool, Match | None]:
    """Whether the table of the page's match (``open_table``'s), which has ended, has moved on to its next match: one
    of the same game started after it with one of its players at least (a player sits at one table at a time; another
    table's match, its players all others, is not this table's), started on another phone while this page kept the
    match chosen here or named in its address. With it, the newest of those matches that has not ended (None where
    all have). (False, None) where the match has not ended, no such match was started, or the ledger cannot be read.

    A club records every winner on the discard that ended a match before it starts the next one (the final standings
    read out before it count them; the ledger takes them at once, ``Ledger.add_win``): once the table's next match is
    started, the ended match's last discard takes no other winner from the score pages. The hand shown is then the
    next match's: its ron, offered as another winner on that discard (the only box the page offered), was recorded in
    the ended match, paid by the wrong player. A second winner forgotten until then: the next match, while it has no
    hand, is deleted on the ledger page, and the box comes back."""
    if not isinstance(table, tuple) or not table[1].ended:
        return False, None
    match = table[0]
    seated = set(map(player_key, match.players))  # as the ledger matches players across matches ("Ａｎｎ" is Ann)
    try:
        since = sorted((m for m in resources.ledger().matches() if m.game_id == match.game_id
                        and (m.created, m.id) > (match.created, match.id)
                        and seated & set(map(player_key, m.players))),
                       key=lambda m: (m.created, m.id), reverse=True)
        read = resources.ledger().tables(since)
    except LedgerError:  # a file busy: the page's match as it is (read again on the next run)
        return False, None
    return bool(since), next((m for m in since if isinstance(read.get(m.id), tuple) and not read[m.id][0].ended), None)


def _switch_match(game_id: str, match_id: int) -> None:
    """A callback: the score pages add to match ``match_id`` of ``game_id``, and the ledger page shows it, as the
    ledger page's own box chooses it (kept in the session and in the address, which a reload keeps)."""
    st.session_state[chosen_match_key(game_id)] = match_id
    st.session_state.pop(f"ledger_match_{game_id}", None)  # the ledger page's box takes it when next drawn
    st.session_state.pop(defaulted_match_key(game_id), None)  # chosen
    st.query_params["match"] = str(match_id)
    st.query_params.pop(DEFAULTED_PARAM, None)  # a choice: a reload keeps it (``defaulted_in_address``)


def defaulted_match_key(game_id: str) -> str:
    """The session key of the match of ``game_id`` a page took as the newest, the phone having chosen none (the score
    pages' ``open_table``, the ledger page): forgotten once one is chosen (``_switch_match``, ``keep_match``, the
    ledger page's box, a match started)."""
    return f"ledger_defaulted_{game_id}"


def taken_match(game_id: str, ids: Sequence[int]) -> int | None:
    """The match among ``ids`` a page of this phone took, the phone having chosen none (``defaulted_match_key``; after
    a reload, the one the address marks so: ``taken_in_address``), else None. A page keeps showing it, not chosen,
    while another phone starts a match: it jumped to the new match and refused the hand it had just added there."""
    taken = st.session_state.get(defaulted_match_key(game_id))
    return taken if taken in ids else taken_in_address(ids)


def keep_match(game_id: str, match_id: int) -> None:
    """A callback: "Match #2 is ours": the match taken as the newest is chosen (``_switch_match`` to it)."""
    _switch_match(game_id, match_id)


def others_under_way(match: Match, matches: Sequence[Match]) -> list[Match]:
    """The other matches of ``match``'s game under way (not ended; of tonight's evening), where the page took ``match``
    as the newest, the phone having chosen none (``defaulted_match_key``); [] otherwise, or where the ledger cannot be
    read now. ``matches``: the ledger's matches read already this run. Two tables played one game: a
    phone that joined the first added to the second's match (the newest), and its Undo on the ledger page undid the
    other table's hand (``Ledger.others_under_way``)."""
    if st.session_state.get(defaulted_match_key(match.game_id)) != match.id:
        return []
    try:
        return resources.ledger().others_under_way(match, matches)
    except LedgerError:
        return []


# The most "Switch to #N" buttons a page draws under the match it took (the newest of the matches under way); the rest
# are said by their count (``more_under_way_said``), to choose in the ledger page's match picker: a year's ledger drew
# a row of 77 buttons (2026-12-06). The score pages and the ledger page alike (``others_under_way_said``).
SWITCH_MOST = 3


def more_under_way_said(n: int, page: str = "score") -> str:
    """The matches under way beyond ``SWITCH_MOST``, by their count ``n``, in the screen's language, with where to
    choose one: the ledger page's match picker, "above" on that ``page`` ("ledger"), "on the ledger page" from a score
    page ("score", which has no picker)."""
    where = t("more_under_way_above" if page == "ledger" else "more_under_way_ledger")
    return t("more_under_way_n" if n > 1 else "more_under_way", n=n, box=t("match"), where=where)


def not_chosen_said(match: Match, others: Sequence[Match], game_matches: Sequence[Match], page: str = "score"
                    ) -> str:
    """What a page says of ``match``, taken where the phone chose none while ``others`` of its game are under way, in
    the screen's language: the newest it took, or the one it has been on (another phone started a match since, or a
    merge brought one started later: it was called "the newest"), among ``game_matches`` (the game's, ended ones
    included); "on this phone" on a phone, "here" on the computer running the app. ``page``: "score" (adds to it),
    "ledger" (shows it; Undo and the forms wait)."""
    from app.components.visitor import is_local_visitor

    newest = newest_match(game_matches)
    kept = newest is not None and newest.id != match.id
    keys = {("score", False): ("other_match_under_way", "other_matches_under_way"),
            ("score", True): ("other_match_kept", "other_matches_kept"),
            ("ledger", False): ("ledger_other_under_way", "ledger_others_under_way"),
            ("ledger", True): ("ledger_other_kept", "ledger_others_kept")}[page, kept]
    return t(keys[len(others) > 1], id=match.id, others=matches_said(others),
             where=t("not_chosen_here" if is_local_visitor() else "not_chosen_phone"))


def matches_said(matches: Sequence[Match]) -> str:
    """Matches by number and players: "#1 (Ann, Bo, Cy, Di)", in the screen's language."""
    return list_sep().join(f"#{m.id} ({list_sep().join(map(as_typed, m.players))})" for m in matches)


def _other_matches_said(prefix: str, match: Match) -> list[Match]:
    """Under "Adds to match #2", where the phone chose no match and another of the game is under way
    (``others_under_way``): that the newest was taken, the others named, and a button to switch to each (the newest
    ``SWITCH_MOST``, the rest said by count, as the ledger page says them), or to keep this one (which is then chosen,
    and said no more). The others under way, named or counted, [] for none (kept with the hand added now:
    ``TOLD_OTHERS``, a hand added to the wrong one of them is offered to move, ``_movable``). The ledger's matches are
    read once here: they were read again for "the newest"."""
    if st.session_state.get(defaulted_match_key(match.game_id)) != match.id:
        return []
    try:
        matches = resources.ledger().matches()
    except LedgerError:  # a file busy now: nothing said (read again on the next run)
        return []
    others = others_under_way(match, matches)
    if not others:
        return []
    others_under_way_said(prefix, match, others, [m for m in matches if m.game_id == match.game_id])
    return others


def others_under_way_said(prefix: str, match: Match, others: Sequence[Match], game_matches: Sequence[Match],
                          page: str = "score") -> None:
    """Where a page took ``match`` as the newest while ``others`` of its game are under way: that said
    (``not_chosen_said``, among ``game_matches``), a button to switch to each of the newest ``SWITCH_MOST`` of them
    (``{prefix}_switch_match_{id}``), the rest said by count (``more_under_way_said``), and one to keep this one
    (``{prefix}_keep_match``). ``page``: "score" or "ledger", as ``not_chosen_said`` takes it."""
    shown, more = others[:SWITCH_MOST], len(others) - SWITCH_MOST
    st.info(not_chosen_said(match, shown, game_matches, page=page))
    if more > 0:
        st.caption(more_under_way_said(more, page=page))
    cols = st.columns(len(shown) + 1)
    for col, other in zip(cols, shown):
        col.button(t("newer_match_switch", id=other.id), key=f"{prefix}_switch_match_{other.id}",
                   icon=":material/swap_horiz:", on_click=_switch_match, args=(match.game_id, other.id))
    cols[-1].button(t("keep_match", id=match.id), key=f"{prefix}_keep_match", on_click=keep_match,
                    args=(match.game_id, match.id))


def _newer_match_said(prefix: str, match: Match, newer: Match | None, added: bool = False) -> None:
    """Below "The match has ended", where the table has moved on to ``newer`` (``_started_since``): that match named,
    with one button that makes it the one the page adds to (the ledger page's choice), none without it. ``added``:
    the hand shown is the one this page added, which ended the match: the NEXT hand goes to ``newer`` (said "switch to
    add this hand there" under "Added", the same hand was recorded again as hand 1 of the newer match)."""
    if newer is None:
        return
    st.info(t("newer_match_next" if added else "newer_match", old=match.id, id=newer.id,
              players=list_sep().join(map(as_typed, newer.players))))
    st.button(t("newer_match_switch", id=newer.id), key=f"{prefix}_newer_match", type="primary",
              icon=":material/swap_horiz:", on_click=_switch_match, args=(match.game_id, newer.id))


def _to_match_said(match: Match) -> None:
    """Which match the ledger box adds to: "Adds to match #1 · Ann, Bo, ..."."""
    st.caption(t("to_match", id=match.id, players=list_sep().join(map(as_typed, match.players))))


def _new_match_said(prefix: str, early: bool = False) -> None:
    """Under a match that has ended, whose table has not moved on (``_started_since``): how to record hands again (a
    new match, on the ledger page), with a button there. The page hinted at recording into the ended match ("Adds to
    match #1", the Winner box to come, "recorded as the next hand") and never said how to go on. ``early``: the match
    was ended early (``TableState.ended_early``): its end may be undone on the ledger page too, said so."""
    if early:
        st.info(t("ended_start_new_early", new=t("new_match"), undo=t("undo_end")))
    else:
        st.info(t("ended_start_new", new=t("new_match")))
    if st.button(t("open_ledger"), key=f"{prefix}_ended_open_ledger", icon=":material/scoreboard:"):
        switch_page("views/ledger.py")


def _ended_said(prefix: str, table: OpenTable, since: tuple[bool, Match | None]) -> None:
    """A hand that does not win under a match that has ended (no ledger box is drawn): that it has ended, and the
    newer match to switch to (``_newer_match_said``) or how to start one (``_new_match_said``), said once."""
    match, state, _ = table
    st.warning(t("ended", why=said(state.end_reason or "", state.end_reason_ja or "")))
    if since[1] is not None:
        _newer_match_said(prefix, match, since[1])
    else:
        _new_match_said(prefix, state.ended_early)


def _on_that_discard(prefix: str, hands: Sequence[HandRecord]) -> bool:
    """Whether the hand shown may be another winner on the last discard, as the ledger's hands and the ledger box tell
    (whichever device added that discard's rons: a page that had added one of them and gone on to a new hand never
    said it, and with two devices each adding one, no page did): not where the winner chosen already won on it or
    made it, nor where the discarder chosen is another player (the next hand's ron)."""
    winner, chosen = st.session_state.get(f"{prefix}_winner"), st.session_state.get(f"{prefix}_discarder")
    return may_also_win_on_last_discard(hands, winner) and chosen in (None, last_discarder(hands))


def _another_ron_likely(game: Game, prefix: str, hands: Sequence[HandRecord]) -> bool:
    """Whether the ledger box offers "Also won on the last ron's discard" (read before it is drawn; the hand is a
    ron, the last hand a ron whose discard takes another winner). A photo's hand: where the discarder chosen is that
    ron's and the winner chosen (if any) did not win on it or make it; where the player chose Ron (a game whose hands
    start at tsumo, or Ron chosen again: ``options.WIN_CHOSEN``); and while it is ticked (to be unticked). Before, on
    a riichi table (hands start at ron) it was offered, with its hint, on every photo after a ron, a tsumo's too: the
    photo's options are folded, and its Ron unseen. A hand typed is offered it as before: its options are open above
    it, Ron in view."""
    if st.session_state.get(f"{prefix}_same_discard") or st.session_state.get(f"{prefix}_hand_of") is None:
        return True
    if default_win(game) != "ron" or st.session_state.get(f"{prefix}_{WIN_CHOSEN}"):
        return True
    discarder = last_discarder(hands)
    return discarder is not None and st.session_state.get(f"{prefix}_discarder") == discarder and \
        may_also_win_on_last_discard(hands, st.session_state.get(f"{prefix}_winner"))


def _may_share_the_discard(prefix: str, hands: Sequence[HandRecord]) -> bool:
    """Whether the winner chosen in the ledger box (read before it is drawn) may have won on the last ron's discard
    too: not its discarder, nor a winner already entered on it; anyone while nobody is chosen. The double-ron hint
    ("If this winner also won on Di's last discard, tick ...") showed for the discarder and its winner too."""
    winner = st.session_state.get(f"{prefix}_winner")
    return winner is None or not hands or may_also_win_on_last_discard(hands, winner)


def _same_discard_ticked(prefix: str, table: OpenTable | str | None) -> bool:
    """Whether the ledger box's "Also won on the last ron's discard" is ticked where it is drawn (``ledger_button``:
    a ron, the match's rules letting several ron one discard, the last hand a ron): read before the options are
    drawn, whose honba box then takes the figure such a hand is priced with."""
    if not isinstance(table, tuple) or not st.session_state.get(f"{prefix}_same_discard"):
        return False
    match, _, hands = table
    return st.session_state.get(f"{prefix}_win") == "ron" and ron_to_share(match, hands) is not None


def _chosen_winner(prefix: str, table: OpenTable, same: bool) -> int | None:
    """The winner the ledger box shows (``ledger_button``), read before it is drawn: the one chosen (never the fixed
    discarder of another winner on the last ron's discard, nor a winner already entered on it: ``_not_winners``), else
    None. A hand starts with nobody chosen: the first seat, taken as the winner before anyone chose, was named in the
    payments and recorded by one tap."""
    match, _, hands = table
    chosen = st.session_state.get(f"{prefix}_winner")
    return chosen if chosen in range(len(match.players)) and chosen not in _not_winners(hands, same) else None


def _not_winners(hands: Sequence[HandRecord], same: bool) -> set[int]:
    """The seats the ledger box's Winner does not offer for another winner on the last ron's discard (``same``): its
    discarder, fixed, and the winners already entered on it (offered, one was chosen, and Add was refused)."""
    if not same or not hands:
        return set()
    return {last_discarder(hands), *(h.winner for h in hands[last_hand_start(hands):])} - {None}


def forget_ledger_boxes(prefix: str) -> None:
    """What the ledger box was told of the last hand (who won, who dealt in, who declared riichi, who paid a
    remainder) forgotten for a new one (a new photo, a hand typed over the one just added): nobody is taken as
    chosen. The last hand's own options too (``options.HAND_KEYS``: its Riichi tick, Nukidora count, melds, dora ...,
    each back at its default; and who fed its last dragon), as "Clear" drops them: the next hand typed over the one
    just added was scored with its two nukidora and its riichi, unticked by nobody. The table's boxes stay."""
    _forget_boxes(prefix)
    forget_hand_options(prefix)
    st.session_state.pop(f"{prefix}_{PAO}", None)


def _forget_boxes(prefix: str) -> None:
    """The ledger box's boxes of ``forget_ledger_boxes`` alone: where the hand shown stays (the match changed, the
    hand emptied), its own options with it. Each box is sent "no choice" rather than dropped: a browser keeps the
    choice it was last sent and sends it back on the next run, where it chose the last hand's winner for this one."""
    for box in LEDGER_BOXES:
        st.session_state[f"{prefix}_{box}"] = None
    st.session_state.pop(f"{prefix}_{RIICHI_OF}", None)
    for key in [k for k in st.session_state.keys()
                if isinstance(k, str) and k.startswith((f"{prefix}_riichi_seats_", f"{prefix}_remainder_"))]:
        st.session_state.pop(key, None)


RIICHI_OF = "riichi_of"  # ``{prefix}_riichi_of``: the winner whose "Riichi declared by" box was last drawn
BOXES_OF = "boxes_of"  # ``{prefix}_boxes_of``: each game's match the ledger box was last drawn for


def _boxes_follow_the_match(prefix: str, table: OpenTable | str | None) -> None:
    """What the ledger box was told (who won, who dealt in, who declared riichi, "also won on the last ron's
    discard") forgotten where the game's open match is another than when it was told (a match started or chosen on
    the ledger page): they are kept across pages (``options.KEPT``), and the winner chosen for a hand of four was
    still chosen for the new match of three, one tap from recording it there. Before anything reads them. Another
    game's match is not another match (a hand set aside for another game comes back with its boxes); a ledger that
    cannot be read for a while (a file busy) changes nothing."""
    if not isinstance(table, tuple):
        return
    match = table[0]
    seen = st.session_state.setdefault(f"{prefix}_{BOXES_OF}", {})
    was = seen.get(match.game_id)
    seen[match.game_id] = match.id
    if was is not None and was != match.id:
        _forget_boxes(prefix)  # the hand shown stays, with its own options
        st.session_state.pop(f"{prefix}_same_discard", None)


def _riichi_follows_the_winner(prefix: str, table: OpenTable | str | None) -> None:
    """The players chosen in "Riichi declared by" stay chosen when another winner is chosen (the box is the winner's,
    ``{prefix}_riichi_seats_{winner}``: the others were dropped, and their chips with them): the new winner's box
    takes the last one's players, less the last winner (there as Riichi said of the winner). Before the pot is
    priced, and the box drawn."""
    if not isinstance(table, tuple):
        return
    winner = _chosen_winner(prefix, table, _same_discard_ticked(prefix, table))
    was = st.session_state.get(f"{prefix}_{RIICHI_OF}")
    st.session_state[f"{prefix}_{RIICHI_OF}"] = winner
    if was is None or winner is None or was == winner:
        return
    chosen = st.session_state.get(f"{prefix}_riichi_seats_{was}")
    if chosen is not None:
        st.session_state[f"{prefix}_riichi_seats_{winner}"] = [s for s in chosen if s != was]


def _seat_from_the_ledger(game: Game, prefix: str, table: OpenTable | str | None) -> None:
    """Riichi mahjong with a match open: Dealer and the seat wind as the ledger seats the winner (the one chosen, or
    the default), set again whenever the winner, the table (a hand added) or the double-ron box changes, before the
    options are drawn; the player's own choice since is kept (the ledger box says a seat that does not fit). Another
    winner on the last ron's discard sits as at that discard's deal. The hand just added keeps its own."""
    if game.engine != "riichi" or not isinstance(table, tuple) or f"{prefix}_{AS_ADDED}" in st.session_state:
        return
    match, state, hands = table
    same = _same_discard_ticked(prefix, table)
    if same:
        try:
            state = resources.ledger().discard_state(match.id)
        except LedgerError:
            return  # the ledger box says why
    winner = _chosen_winner(prefix, table, same)
    seen = (match.id, len(hands), hands[-1].id if hands else None, winner, same)
    if st.session_state.get(f"{prefix}_seat_from") == seen:
        return
    st.session_state[f"{prefix}_seat_from"] = seen
    if winner is None:  # nobody chosen yet: Dealer and the seat stay as the player has them
        return
    wind = seat_wind(state, winner, len(match.players))
    st.session_state[f"{prefix}_dealer"] = wind == WINDS[0]
    if wind != WINDS[0]:
        st.session_state[f"{prefix}_seat"] = wind


# Each player's favourite idol this device took from the ledger (``_favourites_from_the_ledger``): session state
# ``{(match id, seat): (idol id, hand number)}``, beside the favourites chosen here (``options.FAVOURITES``).
FAVOURITES_FROM = "favourites_from_ledger"


def _favourites_from_the_ledger(game: Game, table: OpenTable | str | None) -> None:
    """Each player's favourite idol (Cinderella Girls' 担当, ``options.FAVOURITES``) that this device has not chosen,
    taken from the match's hands in the ledger: a won hand's note names the favourite its winner declared, doubled or
    not (``tilelens.ledger.result_note``; a note stored before names it only where it doubled the payout). Kept on
    the device that declared it, a phone's favourite was lost on the laptop (and after a reload): the laptop priced
    the same player's next win undoubled. This device's own choice wins, "None" too; one taken from a hand undone since (or replaced by a later hand's) goes with it. Before the
    options are drawn, whose favourite box shows the chosen winner's."""
    from app.components.options import FAVOURITES, favourite_multiplier

    if not isinstance(table, tuple) or favourite_multiplier(game) <= 1:
        return
    match, _, hands = table
    found = _favourites_in(game, hands)
    kept = st.session_state.setdefault(FAVOURITES, {})
    taken = st.session_state.setdefault(FAVOURITES_FROM, {})
    for seat in range(len(match.players)):
        key = (match.id, seat)
        was = taken.get(key)
        if key in kept and (was is None or kept[key] != was[0]):  # chosen on this device
            taken.pop(key, None)
        elif seat in found:
            kept[key], taken[key] = found[seat][0], found[seat]
        elif was is not None:  # its hand undone since
            kept.pop(key, None)
            taken.pop(key, None)


def _favourites_in(game: Game, hands: Sequence[HandRecord]) -> dict[int, tuple[str, int]]:
    """The favourite idol each winner's note in ``hands`` names (``tilelens.ledger.note_favourite``: the one declared,
    whether or not it doubled the payout, by its Japanese and English names, as the game named it), by seat: the
    idol's id in ``game`` and the number of the last hand that named it. A name the game no longer has, or a note of
    another form, names none."""
    from tilelens.ledger import hand_numbers

    idols = [k for k in game.tiles if not k.almighty]
    by_ja = {k.name_ja: k.id for k in reversed(idols) if k.name_ja}
    by_en = {getattr(k, "name_en", None): k.id for k in reversed(idols) if getattr(k, "name_en", None)}
    found: dict[int, tuple[str, int]] = {}
    for record, number in zip(hands, hand_numbers(hands)):
        if record.kind is not HandKind.WIN or record.winner is None:
            continue
        favourite = note_favourite(record.note or "")
        if favourite is None:
            continue
        idol = by_ja.get(favourite[0]) or by_en.get(favourite[1])
        if idol is not None:
            found[record.winner] = (idol, number)
    return found


def _favourite_from_the_ledger_said(game: Game, prefix: str, table: OpenTable | str | None,
                                    options: HandOptions) -> None:
    """Below the options: where the hand is scored with the winner's favourite taken from the ledger
    (``_favourites_from_the_ledger``), which hand it comes from ("from hand 2 in the ledger")."""
    from app.components.options import FAVOURITES

    if not isinstance(table, tuple):
        return
    match = table[0]
    winner = st.session_state.get(f"{prefix}_winner")
    key = (match.id, winner)
    taken = (st.session_state.get(FAVOURITES_FROM) or {}).get(key)
    if taken is None or winner not in range(len(match.players)):
        return
    idol, number = taken
    if options.kwargs.get("favourite") != idol or (st.session_state.get(FAVOURITES) or {}).get(key) != idol:
        return
    st.caption(t("favourite_from_hand", name=as_typed(match.players[winner]), idol=name_of(game.tile(idol)),
                 n=number))


def _recorded_riichi(hands: Sequence[HandRecord], same: bool) -> set[int]:
    """The seats whose riichi went in with the rons already entered on the last discard, for another winner on it
    (``same``): the ledger takes one stick per declaration (``Ledger._check_same_discard``), so such a winner's own
    riichi counts for its han (Riichi ticked) with no new stick, and "Riichi declared by" does not offer them."""
    return {s for h in hands[last_hand_start(hands):] for s in h.riichi} if same and hands else set()


def _hand_riichi(game: Game, prefix: str, match: Match, hands: Sequence[HandRecord], winner: int | None,
                 same: bool) -> set[int]:
    """The riichi "Riichi declared by" will hold for ``winner`` (``_winner_riichi_as_ticked``), read before the box
    is drawn: those chosen, the winner in while Riichi is ticked, less the riichi already entered on the discard.
    None while no winner is chosen (the box is drawn once one is)."""
    if winner is None:
        return set()
    recorded = _recorded_riichi(hands, same)
    chosen = set(st.session_state.get(f"{prefix}_riichi_seats_{winner}") or ()) if _riichi_tells(game, match) \
        else set()
    chosen = (chosen | {winner}) if st.session_state.get(f"{prefix}_riichi") else (chosen - {winner})
    return chosen - recorded


def _sticks_from_the_ledger(game: Game, prefix: str, table: OpenTable | str | None) -> str | None:
    """Riichi mahjong with a match open: "Riichi sticks on the table" (besides the winner's own) set to what the
    ledger gives the winner (:func:`tilelens.ledger.sticks_taken`: the sticks left on the table, and this hand's
    riichi from "Riichi declared by", another winner on the last ron's discard taking the discard's pot only where
    it sits nearest the discarder), whenever that changes, before the box is drawn; the player's own figure since is
    kept. The name of the winner the ledger gives a riichi winner's own stick to, where it goes to another (a second
    ron further from the discarder), else None."""
    if game.engine != "riichi" or not isinstance(table, tuple):
        return None
    match, state, hands = table
    if f"{prefix}_{AS_ADDED}" in st.session_state:  # the hand just added: as the ledger settled it
        took = state.taken[-1] if state.taken and hands and _added_hand(prefix, match.id, hands) == hands[-1].id \
            else None
        if took is not None and hands[-1].win_kind == SAME_DISCARD and took.passed_sticks and \
                st.session_state.get(f"{prefix}_riichi") and took.passed_to is not None:
            return match.players[took.passed_to]
        return None
    chip = match.rules.riichi_chip
    if not chip:
        return None
    same = _same_discard_ticked(prefix, table)
    winner = _chosen_winner(prefix, table, same)
    riichi = _hand_riichi(game, prefix, match, hands, winner, same)
    ticked = bool(st.session_state.get(f"{prefix}_riichi"))
    discarder = last_discarder(hands) if same else None
    if winner is None:  # the sticks left on the table (another winner on the discard: none); the riichi once chosen
        taken = 0 if same else state.pot // chip
    else:
        taken = sticks_taken(match, hands, winner, sorted(riichi), SAME_DISCARD if same else
                             hand_win(game, prefix), discarder) // chip
    seen = (match.id, len(hands), hands[-1].id if hands else None, winner, same, tuple(sorted(riichi)), ticked)
    if st.session_state.get(f"{prefix}_sticks_from") != seen:
        st.session_state[f"{prefix}_sticks_from"] = seen
        # the winner's own stick is the Riichi box's (the scorer adds it): not counted twice
        st.session_state[f"{prefix}_sticks"] = max(0, taken - int(ticked and winner is not None))
    if winner is None or not (same and ticked and taken == 0):
        return None
    return match.players[nearest({h.winner for h in hands[last_hand_start(hands):]}, discarder, len(match.players))]


def _double_ron_receipt(game: Game, prefix: str, table: OpenTable | str | None, result: ScoreResult
                        ) -> tuple[int, str] | None:
    """What the ledger pays a winner of a discard with several winners where the honba pass between them (riichi
    mahjong, :func:`tilelens.ledger.replay`'s head bump: the honba go to the winner nearest the discarder, from the
    first winner entered, who was priced with them), in all and said in a line: another winner on the last ron's
    discard being priced (the replay with its entry), or the hand just added shown (the replay's). The page said the
    second winner's payment and sticks, not the 300 for 1 honba the ledger moves to it (3,300 said, 3,600 paid), and
    the first winner's figure kept them. None where no honba pass (the result's own line says it)."""
    if game.engine != "riichi" or not isinstance(table, tuple) or not result.winning:
        return None
    match, state, hands = table
    if not match.rules.honba or not hands:
        return None
    start = last_hand_start(hands)
    if f"{prefix}_{AS_ADDED}" in st.session_state:  # the hand just added, as the ledger settled its discard
        added = _added_hand(prefix, match.id, hands)
        index = next((i for i, h in enumerate(hands) if h.id == added), None)
        if index is None or index < start or len(hands) - start < 2 or index >= len(state.taken):
            return None
        taken, paid = state.taken[index], sum(hands[index].payments.values())
        sticks = taken.sticks
    else:
        same = _same_discard_ticked(prefix, table)
        winner = _chosen_winner(prefix, table, same)
        if not same or winner is None:
            return None
        riichi = _hand_riichi(game, prefix, match, hands, winner, same)
        entry = HandRecord(len(hands) + 1, HandKind.WIN, winner, SAME_DISCARD,
                           {last_discarder(hands): result.points}, tuple(sorted(riichi)))
        taken = replay(len(match.players), match.rules, [*hands, entry]).taken[-1]
        paid, sticks = result.points, result.pot
    honba_in = taken.honba_points if taken.honba_from is not None else 0
    if not honba_in and not taken.passed_points:
        return None
    unit = currency(game)
    total = paid + sticks + honba_in - taken.passed_points
    if honba_in:
        said_sticks = sticks_said(sticks, match.rules.riichi_chip, lang=lang())
        # 「2,000点 (2本) と」: a bracket not run into the particle
        pot = t("pot_and", pot=f"{said_sticks} " if lang() == "ja" and said_sticks.endswith(")") else said_sticks) \
            if sticks else ""
        return total, t("honba_taken_over", pot=pot, honba=amount(honba_in, unit), n=taken.honba,
                        name=as_typed(match.players[taken.honba_from]), total=amount(total, unit))
    pot = t("and_the_sticks") if result.pot and not sticks else ""
    return total, t("honba_passed_on", pot=pot, honba=amount(taken.passed_points, unit), n=taken.honba,
                    name=as_typed(match.players[taken.passed_to]), total=amount(total, unit))


def _with_the_pot(game: Game, prefix: str, options: HandOptions, table: OpenTable | str | None) -> HandOptions:
    """A Donjara hand of an open match priced with the riichi chips the ledger gives its winner
    (:func:`tilelens.ledger.sticks_taken`: those left on the table and this hand's riichi from "Riichi declared by",
    read before that box is drawn), less the winner's own, which the scorer adds for Riichi. The hand just added
    keeps the pot it was priced with (``AS_ADDED``). Riichi mahjong prices its sticks with its own boxes."""
    key = f"{prefix}_pot"
    if game.engine == "riichi" or not isinstance(table, tuple) or _same_discard_ticked(prefix, table):
        st.session_state.pop(key, None)
        return options
    match, state, hands = table
    chip = match.rules.riichi_chip
    kept = st.session_state.get(f"{prefix}_{AS_ADDED}") or {}
    winner = _chosen_winner(prefix, table, False)
    if key in kept:
        pot = kept[key]
    elif not chip:
        pot = 0
    elif winner is None:  # the chips left on the table; this hand's riichi once the winner is chosen
        pot = state.pot
    else:
        riichi = set(st.session_state.get(f"{prefix}_riichi_seats_{winner}") or ()) if _riichi_tells(game, match) \
            else set()
        riichi = (riichi | {winner}) if options.riichi else (riichi - {winner})
        own = chip if options.riichi else 0
        pot = max(0, sticks_taken(match, hands, winner, sorted(riichi), options.win_kind) - own)
    st.session_state[key] = pot
    return replace(options, kwargs={**options.kwargs, "pot": pot}) if pot else options


def _riichi_recorded_said(names: list[str]) -> str:
    """Whose riichi went in with the first ron on this discard, each counting for its own player's han: "Ben's riichi
    was recorded ... for Ben's han" (it read as if Ben's riichi counted for the second winner's han)."""
    if len(names) == 1:
        return t("riichi_recorded", name=names[0])
    whose = [t("riichi_recorded_whose", name=n) for n in names]
    joined = list_sep().join(whose) if lang() == "ja" else ", ".join(whose[:-1]) + " and " + whose[-1]
    return t("riichi_recorded_many", names=joined)


def _false_win_is_chombo(game: Game) -> bool:
    """Whether declaring a win with a hand that does not win is a chombo in ``game`` (its rules' chombo cases:
    Nogizaka's, RULES.md 001); riichi mahjong's chombo is not priced here."""
    if game.engine == "riichi":
        return False
    from scorer.rules import ChomboCase, donjara_rules

    return ChomboCase.FALSE_WIN in donjara_rules(game).chombo.cases


def _declared_chombo(game: Game, prefix: str, tiles: Sequence[str], options: HandOptions,
                     table: OpenTable | str | None) -> None:
    """A Donjara hand that does not win: what declaring it a win costs where the game's rules make that a chombo
    (the scorer's ``penalty``, as `tilelens score --declared` says it), and where an open match records it (not one
    that has ended: the ledger refuses it a chombo)."""
    declared = kept_for(prefix, "declared", (game, tiles, options),
                        lambda: score(game, list(tiles), **{**options.kwargs, "declared": True}))
    if not declared.chombo:
        return
    # said as one sentence (「…場合はチョンボです (…)。」), not the scorer's reason after a colon
    penalty = amount(declared.penalty, currency(game))
    records = isinstance(table, tuple) and not table[1].ended
    st.warning(t("declared_chombo_ledger", penalty=penalty, button=t("record_chombo")) if records
               else t("declared_chombo", penalty=penalty))


def _chombo_lead(table: OpenTable | str | None) -> None:
    """Below a chombo the scorer found (the result says which, and its penalty): where an open match records it, on
    the ledger page's "Record a chombo", as a declared chombo is led (``_declared_chombo``); not under a match that
    has ended (the ledger refuses it a chombo: the page says it ended), nor without a match. The ledger box went, and
    no word said where such a hand goes."""
    if isinstance(table, tuple) and not table[1].ended:
        st.info(t("chombo_record_lead", button=t("record_chombo")))


def _discard_wind(match: Match, winner: int) -> str | None:
    """The seat wind ``winner`` had at the last ron's discard (None where the ledger cannot say)."""
    try:
        state = resources.ledger().discard_state(match.id)
    except LedgerError:
        return None
    return seat_wind(state, winner, len(match.players))


def _discard_round(table: OpenTable) -> str:
    """The round wind the last ron's discard was made in, which another winner on it is scored with: the table's
    where the ledger cannot say (the ledger box then says why, ``ledger_button``)."""
    match, state, _ = table
    try:
        state = resources.ledger().discard_state(match.id)
    except LedgerError:
        pass
    return round_wind(state, match.rules.laps)


# The options the open match gives (``ledger_defaults``) and the boxes that take them.
GIVEN_BOXES = {"players": "players", "honba": "honba", "round_wind": "round", "riichi_sticks": "sticks"}


def _follow_the_table(prefix: str, defaults: dict[str, Any]) -> None:
    """The boxes the open match gives (players, round, honba, sticks) take its figures again where the match's
    have changed since they were last drawn (a hand recorded on the ledger page, another phone's, a new match):
    the boxes keep their values across pages (``options.KEPT``), and the next hand was priced at the table as it
    was. A figure the player set is kept while the table stays as it was; the hand just added keeps the figures
    it was added with (``AS_ADDED``: the ledger button says when the table has moved on since); what the table gave
    before is kept meanwhile, so that once that hand is left its boxes take the figures the table has moved to (a
    match of three started since a hand of four was added: the next photo was scored for four)."""
    key = f"{prefix}_table_gave"
    if f"{prefix}_{AS_ADDED}" in st.session_state and key in st.session_state:
        return
    gave = st.session_state.get(key)
    st.session_state[key] = dict(defaults)
    if gave is None or gave == defaults:
        return
    for name, box in GIVEN_BOXES.items():
        if gave.get(name) != defaults.get(name):
            st.session_state.pop(f"{prefix}_{box}", None)


def four_alike(game: Game, tiles: Sequence[str], over: int) -> list[str]:
    """The kinds a riichi hand's ``tiles`` hold four of (a red five counted as its five, ``0m`` as ``5m``) where the
    hand is ``over`` tiles too many, one for each (``scorer.riichi_tiles.kans_in_row``, as `tilelens score` says it:
    "a kan counts 3"): a kan laid in the row, which counts 3 once added as a meld. None in Donjara.

    >>> from scorer import load_game
    >>> four_alike(load_game("tokyo-mahjong"), "6s 6s 0s 5s 5s 5s 6s 6s".split(), 2)
    ['6s', '5s']
    >>> four_alike(load_game("tokyo-mahjong"), "6s 6s 0s 5s 5s 5s 6s 6s".split(), 3)
    []
    """
    if game.engine != "riichi":
        return []
    from scorer.riichi_tiles import KIND34, TILE_IDS, code_of, kans_in_row

    return [TILE_IDS[KIND34[q[0]]] for q in kans_in_row([code_of(k) for k in tiles], over)]


def _said_here_and_above(alert: Callable[[str], Any], text: str) -> None:
    """``text`` as an ``alert`` (``st.info``, ``st.error``) here, and in the result's line above the hand."""
    alert(text)
    summary_note(f":{'red' if alert is st.error else 'orange'}[:material/"
                 f"{'error' if alert is st.error else 'info'}:] {text}")


def _closed_only_without(prefix: str, melds: Sequence[PhotoMeld]) -> None:
    """When open melds first show in the photo, untick riichi (a hand with them cannot declare it); the
    player may tick it again. Runs before the riichi box is drawn."""
    specs = tuple(spec for spec, _ in melds)
    if specs != st.session_state.get(f"{prefix}_melds_seen", ()):
        st.session_state[f"{prefix}_melds_seen"] = specs
        if any(not spec.startswith("ankan:") for spec in specs):
            st.session_state[f"{prefix}_riichi"] = False


def ledger_button(game: Game, prefix: str, result: ScoreResult, options: HandOptions,
                  table: OpenTable | str | None, payments_at: Any = None,
                  since: tuple[bool, Match | None] = (False, None), unsure: Sequence[int] = ()) -> None:
    """Who won (and who dealt in), then one button that appends the hand to the game's open match
    (``table``: ``open_table``'s; a ledger that cannot be read is said where it was read). ``payments_at``:
    where ``result_view`` drew the payments, drawn again there with the players' names once they are known.
    ``since``: ``_started_since``'s (an ended match whose table has moved on: the newer match offered, and no
    other winner on its last discard). ``unsure``: the hand's places of tiles a person should check (a photo's
    ``PhotoTile.low``): Add waits for a tick naming them (``_unsure_checked``)."""
    if not isinstance(table, tuple) and (error := st.session_state.pop(f"{prefix}_ledger_error", None)):
        st.error(error)  # the last tap's refusal (its match gone since): said now, not kept for a later match
    if isinstance(table, str):
        return
    with st.container(border=True, key=f"{prefix}_ledger"):
        if table is None:
            st.caption(t("no_match"))
            # a tap there and back (on a phone the page list is behind the sidebar's button); the photo page
            # keeps its photo meanwhile
            if st.button(t("open_ledger"), key=f"{prefix}_open_ledger", icon=":material/scoreboard:"):
                switch_page("views/ledger.py")
            return
        match, now, hands = table
        state = now  # the table the hand is priced at: another winner's on the same discard, that discard's
        seats = list(range(len(match.players)))
        name = match.players.__getitem__
        moved_on, newer = since if now.ended else (False, None)
        st.session_state.pop(f"{prefix}_{TOLD_OTHERS}", None)
        if not now.ended:  # an ended match adds nothing (but another winner on its last discard, said once ticked);
            # one whose table moved on names the newer match instead
            _to_match_said(match)
            # the newest taken, another match under way: named, to switch to; kept with a hand added now
            if told := _other_matches_said(prefix, match):
                st.session_state[f"{prefix}_{TOLD_OTHERS}"] = (match.id, tuple(m.id for m in told))
        # Another winner on the last ron's discard (double ron), where the match's rules allow it: the
        # same discarder pays, and the seat winds are those of that discard's deal.
        last = ron_to_share(match, hands) if options.win_kind == "ron" else None
        # not where the table's next match started: the hand shown is that match's (``_started_since``)
        shared = last is not None and not moved_on
        # a table where one player wins on one discard: the nearer winner may take the place of the ron that ended the
        # match (``one_ron_possible``, asked below; the match stays ended or not as the hand kept decides)
        one_after_end = now.ended and not shared and not moved_on and options.win_kind == "ron" \
            and one_ron_possible(match, hands, multiple_ron_ways(game))
        if shared and not discard_takes_another(match, hands):  # a third ron at a riichi table: said, not offered
            shared = False
            if last.win_kind == SAME_DISCARD and _on_that_discard(prefix, hands) and not (
                    f"{prefix}_{AS_ADDED}" in st.session_state and _added_hand(prefix, match.id, hands) == last.id):
                # not under the double ron just added here: once another winner is chosen
                st.info(game_t("no_third_ron", game))  # a Donjara table: no abortive draw, a hand nobody won
        if now.ended:  # said before anything is chosen; a hand of its own is refused by the ledger: no button
            st.warning(t("ended", why=said(now.end_reason or "", now.end_reason_ja or "")))
            if not shared:  # the ledger still takes another winner on the discard that ended it (South 4)
                shown = _said_added_before_the_end(prefix, match, now, hands, options)
                _named_as_added(game, result, payments_at, name, shown)
                if shown is not None and (replaced := st.session_state.pop(f"{prefix}_{ONE_RON_REPLACED}", None)):
                    st.success(t("one_ron_replaced", n=replaced, name=as_typed(name(shown.winner))))
                if shown is not None or not one_after_end:  # else asked once the winner and discarder are chosen
                    _newer_match_said(prefix, match, newer, shown is not None)  # below "Added" of the hand that ended it
                    if newer is None:
                        _new_match_said(prefix, now.ended_early)
                    return
        # offered where another winner on that discard is likely, not on every hand after a ron (a riichi table's
        # hand starts at ron: a tsumo's photo offered it, and a tick by mistake fixed its discarder): see
        # ``_another_ron_likely``. An ended match's last discard at once: nothing else is offered under it.
        offered = shared and (now.ended or _another_ron_likely(game, prefix, hands))
        # in the game's words: a Donjara table has no seat winds, and no ダブロン
        same = bool(offered and st.checkbox(game_t("same_discard", game), key=f"{prefix}_same_discard"))
        if same and now.ended:  # the one hand the ended match still takes
            _to_match_said(match)
        just_added = shared and f"{prefix}_{AS_ADDED}" in st.session_state and \
            _added_hand(prefix, match.id, hands) == last.id  # the ron just added, shown as added
        hint_shown = offered and not same and not just_added and _may_share_the_discard(prefix, hands)
        if hint_shown:  # a second winner on that discard was recorded as the next hand (riichi: seated as its deal);
            # under the match it ended, it is not recorded at all
            st.info(game_t("same_discard_hint_ended" if now.ended else "same_discard_hint", game,
                           name=as_typed(name(last_discarder(hands))), box=game_t("same_discard", game),
                           id=match.id))
        if now.ended and not same and not one_after_end:
            shown = _said_added_before_the_end(prefix, match, now, hands, options)
            _named_as_added(game, result, payments_at, name, shown)
            _new_match_said(prefix, now.ended_early)
            return
        round_off = honba_off = False
        if same:
            try:
                state = resources.ledger().discard_state(match.id)
            except LedgerError as exc:
                st.error(error_text(exc))
                return
            # the ledger's rule: the first entry is priced with the honba, which it then gives, with the pot, to the
            # winner nearest the discarder in turn order; another winner's hand is priced with none (the box is set
            # so, ``_same_discard_ticked``): one priced with some is not added (the discarder paid them twice)
            honba_off = bool(options.kwargs.get("honba"))
            if honba_off:
                st.warning(t("same_discard_honba", n=options.kwargs["honba"]))
            was = round_wind(state, match.rules.laps)
            round_off = game.engine == "riichi" and options.kwargs.get("round_wind", was) != was
            if round_off:  # the first winner's hand ended the round: this one is scored in the discard's
                st.warning(t("same_discard_round", wind=t(was)))
        _win_kind_here(prefix, options.win_kind)
        cols = st.columns(2)
        # who won and who dealt in are kept across pages, as the options are (``options.KEPT``; forgotten with the
        # hand, ``LEDGER_BOXES``): the hand just added, its winner forgotten, was taken for another hand and priced
        # anew at the table's figures
        # another winner on the last ron's discard: its discarder is fixed, and is no winner, nor is one who already
        # won on it (``_not_winners``)
        fixed = last_discarder(hands) if same else None
        winners = [s for s in seats if s not in _not_winners(hands, same)]
        if same and st.session_state.get(f"{prefix}_winner") in _not_winners(hands, same):
            st.session_state.pop(f"{prefix}_winner", None)
        # nobody is taken as the winner, nor as the discarder, before the player chooses (the first seat was: the
        # payments named it, and one tap recorded it); Add waits for them (``_waiting_for``)
        winner = cols[0].selectbox(t("winner"), winners, key=f"{prefix}_winner", format_func=name, index=None,
                                   placeholder=t("choose"), persist_state=KEPT)
        discarder = None
        if options.win_kind == "ron":
            others = [fixed] if same else [s for s in seats if s != winner]
            discarder = cols[1].selectbox(game_t("discarder", game), others, format_func=name,
                                          key=f"{prefix}_discarder_same" if same else f"{prefix}_discarder",
                                          index=0 if same else None, disabled=same, placeholder=t("choose"),
                                          persist_state=None if same else KEPT)  # the discard's: fixed, not kept
        waiting = _waiting_for(game, winner, discarder, options.win_kind)
        riichi: list[int] = []  # asked only where it tells something (not Cinderella Girls': no chip, always one)
        if winner is not None and _riichi_tells(game, match):
            key = f"{prefix}_riichi_seats_{winner}"
            recorded = _recorded_riichi(hands, same)  # entered with the first ron on this discard: not asked again
            _winner_riichi_as_ticked(key, winner, options.riichi and bool(match.rules.riichi_chip)
                                     and winner not in recorded, options.riichi, recorded)
            riichi = st.multiselect(game_t("riichi_players", game), [s for s in seats if s not in recorded], key=key,
                                    format_func=name, placeholder=t("choose"), on_change=_riichi_box_changed,
                                    args=(prefix, key, winner))
            if recorded:
                st.caption(_riichi_recorded_said([as_typed(name(s)) for s in sorted(recorded)]))
            if short := [s for s in riichi if s in riichi_short(match, state.totals)]:  # refused on Add: said now
                st.warning(" ".join(game_t("riichi_short", game, name=as_typed(name(s)), total=f"{state.totals[s]:,}",
                                      chip=f"{match.rules.riichi_chip:,}") for s in short))
        losers: list[int] = []
        parts = remainder_parts(result.payments) if options.win_kind == "tsumo" and winner is not None else 0
        if parts:  # Cinderella Girls: the payers settle the remainder by rock-paper-scissors
            losers = st.multiselect(t("remainder_payers" if parts > 1 else "remainder_payer", n=parts),
                                    [s for s in seats if s != winner],
                                    key=f"{prefix}_remainder_{winner}", format_func=name, max_selections=parts,
                                    placeholder=t("choose"), help=t("remainder_default"))
        # One hand is added once. The button's record of the hand it added (``_add_to_ledger``) names it by its
        # id in the ledger: the same hand is refused while that hand is the table's last one, a hand typed while
        # it is in the match (a dealer's repeat win with the same tiles: "Clear" first), and a photo's hand
        # (the photo page keeps a record per photo) while it is anywhere in the ledger; once it was undone, it
        # is taken again (an undo and another phone's hand since leave the count as it was). The entry carries
        # the number of hands it was priced at and the last of them: the ledger refuses it once another phone
        # has moved the table on (the dealer, seat winds and honba it was priced for may have changed). The hand is
        # named by what the player said of it, not by its points: the table's figures, taken again once it is
        # added (a dealer's win: one more honba), priced it anew, and the hand just added was offered again.
        signature = (match.id, tuple(hand(prefix)), winner, options_said(options))
        photo = st.session_state.get(f"{prefix}_hand_of")  # the photo page's photo (none on the manual page)
        added = _added_hand(prefix, match.id, hands)
        this_photo = added is not None and photo is not None and st.session_state.get(f"{prefix}_added_of") == photo
        at_last = added is not None and added == (hands[-1].id if hands else None)
        # the hand typed that this page added, shown as it was added, is refused while it is in the match, wherever:
        # another phone's hand since left it offered again (and one tap recorded it twice). A new hand clears the
        # record (tiles or what was said changed, "Clear"); a photo's hand is refused by its photo (``this_photo``).
        typed = added is not None and photo is None and st.session_state.get(f"{prefix}_added_of") is None
        done = (st.session_state.get(f"{prefix}_added") or ())[:4] == signature and (at_last or this_photo or typed)
        # this photo's hand, or the hand typed that this page added (unchanged since), in another match: refused, or
        # offered to move here where it went to the newest match, none chosen, while this one was under way too
        elsewhere = None if done else _in_another_match(prefix, match.id, options)
        # this photo's hand in the ledger, shown again with something changed (another winner, a tile corrected): one
        # photo is one hand, refused while that hand is in the ledger (an undo there, then Add, replaces it)
        refused = this_photo and not done
        movable = elsewhere is not None and _movable(prefix, match.id, elsewhere[0])
        if done and parts and not losers:  # the hand just added, with who lost rock-paper-scissors as it was added: the
            # choice cleared for the next hand (``_hand_recorded``) placed the remainder on the first payer, whose
            # payments no longer matched the added ones, and each payment's note was dropped
            kept = st.session_state.get(f"{prefix}_{LOSERS_ADDED}") or (None, ())
            losers = list(kept[1]) if kept[0] == added else []
        if not done and f"{prefix}_{AS_ADDED}" in st.session_state:  # another winner, or the hand undone: the
            _table_moved_on(prefix)  # table's figures now (another phone's hand since: the table's anew)
            st.rerun()
        wind = seat_wind(state, winner, len(match.players)) if winner is not None else None
        # the hand was scored for another seat: its payments would not fit this table. Not said of the hand just
        # added: the table has moved on since (the deal passed), and setting the seat to match would only ready
        # the button to record the hand a second time.
        # scored for another number of players than the match's: its payments would not fit this table either
        other_count = not done and options.players != len(match.players)
        if other_count:
            st.warning(t("players_mismatch", n=options.players, id=match.id, m=len(match.players)))
        mismatch = not done and game.engine == "riichi" and wind is not None and options.kwargs.get("seat") != wind \
            and not other_count
        if mismatch and hint_shown and options.kwargs.get("seat") == _discard_wind(match, winner):
            pass  # seated as at the last ron's discard: the double-ron hint above says what to tick
        elif mismatch:
            st.warning(t("seat_mismatch", name=as_typed(name(winner)), wind=t(wind)))
        mismatch = mismatch or other_count
        # the hand just added is said at the deal it was played in, not the table's next one
        dealt = (_added_deal(prefix, table) if done else None) or (state.dealer, None)
        pao = _pao_seat(options, dealt[0], len(match.players))  # who fed the last dragon (wind), liable for it
        pays = waiting or seat_or_error(result, winner, dealt[0], len(match.players), options.win_kind, discarder,
                                        losers, pao)  # who pays is said by name once the winner (and discarder) is chosen
        liable = None if pao is None else {"name": match.players[pao], "how": "tsumo" if options.win_kind == "tsumo"
                                           else "all" if discarder == pao else "half"}
        entry = LedgerEntry(
            match.id, winner, options.win_kind, pays, riichi,
            # the yaku by both their names: the ledger page, the CSV and `tilelens ledger show` say them in their
            # reader's language (stored in the screen's, the English page said a Japanese phone's); and who paid
            # a tsumo's remainder (chosen, or the first in seat order), and who was liable (pao)
            result_note(game, result, [match.players[s] for s in remainder_seats(result, pays)], liable), same,
            now.hands, hands[-1].id if hands else None,  # and the last hand shown: an undo and a new hand since
            # refuse it
            options.kwargs.get("honba") if game.engine == "riichi" else None, pao)  # its price's honba, checked
        if payments_at is not None and not mismatch:
            _name_payments(game, result, payments_at, name, entry.pays, winner, options.win_kind,
                           next((h for h in hands if h.id == added), None) if done else None,
                           settled=len(losers) == parts)
        if refused and waiting:  # chosen again, nobody chosen yet: where it is (other hands since: ``added_earlier``)
            if at_last:
                st.info(t("added_earlier", id=match.id, n=hand_number(hands, added)))
        elif refused and at_last:  # this photo's hand, corrected since
            st.warning(t("added_before_correction", n=hand_number(hands, added)))
        elif refused:  # other hands since: undone back to it first
            st.warning(t("photo_in_ledger_refused", id=match.id, n=hand_number(hands, added)))
        if elsewhere is not None and not movable:
            st.warning(t("added_in_other_match" if photo is not None else "typed_in_other_match", id=elsewhere[0],
                         n=elsewhere[1], this=match.id))
        if parts and len(losers) != parts and not done and not mismatch:  # the ledger's charge said, not a tooltip's
            _remainder_unless_chosen(game, result, name, winner, state.dealer, len(match.players))
        add = (entry, (*signature, now.hands + 1), (result.points, _seat_of(game, options), result.pot,
                                                    received(result)))
        # the same win recorded meanwhile (on another phone?): asked before Add records it twice (``_same_win``); a
        # hand to move here that is in this match already (this table's phone added it) is not moved: refused
        asked = None if done or refused or (elsewhere is not None and not movable) or one_after_end else _same_win(
            prefix, match, hands, winner, options.win_kind, pays,
            lambda i, further: priced_in_deal(game, hand(prefix), options.kwargs, options.win_kind, match, now, i,
                                              winner, discarder, losers, pao, further))
        if movable and asked is not None:
            movable, asked = False, None
            st.warning(t("added_in_other_match" if photo is not None else "typed_in_other_match", id=elsewhere[0],
                         n=elsewhere[1], this=match.id))
        if movable:
            st.warning(t("move_offered", id=elsewhere[0], n=elsewhere[1], this=match.id))
        # a ron right after a ron off the same discarder, where one player wins on one discard: asked in place of Add
        one = None if done or refused or asked is not None or movable or elsewhere is not None \
            or (now.ended and not one_after_end) or options.win_kind != "ron" else one_winner_on_discard(
                hands, winner, discarder, len(match.players), multiple_ron_ways(game), match.rules.several_ron)
        closed = one_after_end and one is None  # under the match that ended: nothing but that discard's winner
        if waiting and not done and (elsewhere is None or movable):
            st.caption(waiting)
        elif not done and not refused and not closed and (elsewhere is None or movable):
            # the win kind named where it is recorded: a ron kept from the last hand was recorded, its discarder chosen
            # because asked, for a tsumo
            st.caption(t(f"record_{options.win_kind}", winner=as_typed(name(winner)),
                         discarder=as_typed(name(discarder)) if discarder is not None else ""))
        # a win resting on tiles to check: a tick naming them first (none once each is corrected or picked again)
        unchecked = bool(unsure) and not done and not refused and not closed and (elsewhere is None or movable) \
            and not _unsure_checked(game, prefix, unsure)
        disabled = mismatch or round_off or honba_off or done or refused or bool(waiting) or (elsewhere is not None
                                                                                              and not movable) \
            or unchecked
        if movable:  # undone there and added here, in one tap (``_move_to_ledger``)
            st.button(t("move_to_match", id=match.id), key=f"{prefix}_move_ledger", type="primary",
                      disabled=disabled, icon=":material/swap_horiz:", on_click=_move_to_ledger,
                      args=(prefix, elsewhere[0], *add[:2]))
        elif asked is None and one is not None:
            _one_ron_asked(game, prefix, match, hands, one, winner, discarder, disabled, add, ended=now.ended)
        elif closed:
            if not waiting:  # another discard (or the same winner): the match has ended
                _new_match_said(prefix, now.ended_early)
        elif asked is None:
            st.button(t("add_to_ledger"), key=f"{prefix}_add_ledger", type="primary", disabled=disabled,
                      on_click=_add_to_ledger, args=(prefix, *add))
        else:
            _same_win_asked(prefix, match, hands, asked, winner, disabled, add)
        error = st.session_state.pop(f"{prefix}_ledger_error", None)
        if error:
            st.error(error)
        elif done and not at_last and photo is None:  # other hands since: which hand it is (the photo page says
            st.success(t("typed_added_earlier", id=match.id, n=hand_number(hands, added)))  # ``added_earlier``)
        elif done and (moved := st.session_state.pop(f"{prefix}_{MOVED}", None)) is not None:
            st.success(t("moved_to_match", old=moved[0], n=moved[1], id=match.id, m=hand_number(hands, added)))
        elif done and (replaced := st.session_state.pop(f"{prefix}_{ONE_RON_REPLACED}", None)) is not None:
            st.success(t("one_ron_replaced", n=replaced, name=as_typed(name(winner))))
        elif done and photo is not None and f"{prefix}_{AS_ADDED}" not in st.session_state:
            # a photo recorded earlier chosen again, not added now: said as recorded, not as a success of a tap
            # (with other hands since, the photo page says it: ``added_earlier``)
            if at_last:
                st.info(t("added_earlier", id=match.id, n=hand_number(hands, added)))
        elif done:
            st.success(t("added", hand=hand_named(match, now, hands, added)))
        if not done:
            _repriced_said(game, prefix, match, hands, winner, result, options,
                           button=t("same_win_add") if asked is not None else None)


def _unsure_checked(game: Game, prefix: str, unsure: Sequence[int]) -> bool:
    """A tick naming the tiles of the hand a person should check (``unsure``, their places: "tile 3: Yokai 01, tile 9:
    Almighty", 「3枚目の妖怪01」, numbered as the photo and the strip number them; a bare "1 結城晴" was read as one of
    her), which Add waits for; True once ticked. Kept for the photo, the hand and those tiles: asked anew of another
    photo, or once a tile is corrected (the rest named again)."""
    import hashlib

    tiles = hand(prefix)
    named = list_sep().join(t("unsure_seen_tile", n=i + 1, name=as_typed(name_of(game.tile(tiles[i]))))
                            for i in unsure)
    mark = hashlib.sha1(repr((st.session_state.get(f"{prefix}_hand_of"), tuple(tiles), tuple(unsure)))
                        .encode()).hexdigest()[:12]
    return st.checkbox(t("unsure_seen", tiles=named), key=f"{prefix}_doubts_seen_{mark}",
                       help=t("unsure_seen_help", add=t("add_to_ledger")))


# ``{prefix}_repriced``: an Add refused because the match changed meanwhile (``_add_to_ledger``): the match, its
# number of hands then, the hand's tiles and winner, and the points, seat wind, sticks (chips) and total received the
# hand was priced at.
REPRICED = "repriced"


def _seat_of(game: Game, options: HandOptions) -> str | None:
    """The seat wind a riichi hand is scored for (None in Donjara: its table has no seat winds)."""
    return options.kwargs.get("seat") if game.engine == "riichi" else None


def _wind_said(wind: str) -> str:
    """A seat wind in the screen's language, East named the dealer's: "East, the dealer" (「東 (親)」)."""
    return t("repriced_dealer", wind=t(wind)) if wind == WINDS[0] else t(wind)


def _repriced_said(game: Game, prefix: str, match: Match, hands: Sequence[HandRecord], winner: int | None,
                   result: ScoreResult, options: HandOptions, button: str | None = None) -> None:
    """Below Add, after a tap refused because another device added a hand meanwhile (``REPRICED``): the page priced
    the hand again at the table as it is now (the deal passed: a non-dealer's 2,000 became the dealer's 3,200) and
    left Add ready with no word of it. What changed (the winner's seat, the points, the riichi sticks or chips it
    takes and so what it receives in all: a chip put out meanwhile, 70 became 90, "its points are unchanged") is said,
    and that Add now records the hand after the one entered meanwhile; while the hand and the table stay as they were
    then."""
    key = f"{prefix}_{REPRICED}"
    was = st.session_state.get(key)
    if was is None:
        return
    match_id, count, tiles, was_winner, points, seat, *in_all = was
    if (match_id, count, tiles, was_winner) != (match.id, len(hands), tuple(hand(prefix)), winner):
        st.session_state.pop(key, None)  # another hand, or the table moved on again: said no more
        return
    parts = []
    now_seat = _seat_of(game, options)
    if seat is not None and now_seat is not None and now_seat != seat and winner is not None:
        parts.append(t("repriced_seat", name=as_typed(match.players[winner]), wind=_wind_said(now_seat),
                       was=_wind_said(seat)))
    unit = currency(game)
    if result.points != points:
        parts.append(t("repriced_points", now=amount(result.points, unit), was=amount(points, unit)))
    else:
        parts.append(t("repriced_same_points" if parts or now_seat is None else "repriced_same"))
    if len(in_all) == 2 and in_all[1] != received(result):
        was_pot, was_total = in_all
        if was_pot != result.pot:
            parts.append(game_t("repriced_pot", game, now=amount(result.pot, unit), was=amount(was_pot, unit),
                                total=amount(received(result), unit)))
        else:
            parts.append(t("repriced_received", now=amount(received(result), unit), was=amount(was_total, unit)))
    if lang() == "ja":  # a sentence that ends (「点数は変わりません」) is not run into the next with 、
        changes = "".join(f"{p}{'。' if p.endswith('ん') else '、'}" for p in parts[:-1]) + parts[-1]
    else:
        changes = "; ".join(parts)
    # ``button``: the one that adds it now ("Another hand: add it", where the hand may be the one entered meanwhile)
    st.warning(t("repriced", changes=changes, button=button or t("add_to_ledger")))


def _waiting_for(game: Game, winner: int | None, discarder: int | None, win_kind: str) -> str:
    """What Add waits for, in the screen's language ("" once nothing): the winner, and a ron's discarder, chosen."""
    boxes = ([t("winner")] if winner is None else []) + \
        ([game_t("discarder", game)] if win_kind == "ron" and discarder is None else [])
    if win_kind == "ron" and discarder is None:  # said as a ron, and where a tsumo is set: a riichi table's hand
        # starts at ron, and a tsumo photographed waited for a discarder with no word of either
        return t("choose_to_add_ron", boxes=t("choose_to_add_and").join(boxes), win=t("ledger_win_kind"),
                 tsumo=t("tsumo").split(" (")[0])  # the ledger form's own box, above the winner
    return t("choose_to_add", boxes=t("choose_to_add_and").join(boxes)) if boxes else ""


def remainder_seats(result: ScoreResult, pays: dict[int, int] | str) -> list[int]:
    """The seats that pay a part of a tsumo split's remainder in ``pays`` (``seat_or_error``: its seats follow the
    result's payments), [] where none does or the payments could not be placed."""
    if isinstance(pays, str):
        return []
    return [s for s, p in zip(pays, result.payments) if p.note == REMAINDER_NOTE]


def _remainder_unless_chosen(game: Game, result: ScoreResult, name: Callable[[int], str], winner: int, dealer: int,
                             players: int) -> None:
    """Beside the Add button, while nobody is chosen as the loser of rock-paper-scissors: who the ledger will charge
    a tsumo split's remainder to (the first payers in seat order, ``seat_payments``): a tap on Add charged them with
    no word but the chooser's tooltip."""
    payers = remainder_seats(result, seat_or_error(result, winner, dealer, players, "tsumo", None))
    rest = (result.extra or {}).get("remainder")
    if not payers or not rest:
        return
    names = list_sep().join(as_typed(name(s)) for s in payers)
    st.caption(t("remainder_unless" if len(payers) == 1 else "remainder_unless_n", names=names,
                 rest=amount(rest, currency(game))))


def _named_as_added(game: Game, result: ScoreResult, payments_at: Any, name: Callable[[int], str],
                    added: HandRecord | None) -> None:
    """The payments of the hand shown, where it is the one added (``added``: the hand that ended the match), by
    the players' names as the ledger took them ("Bo pays Ann 3" for "Discarder pays 3")."""
    if payments_at is not None and added is not None and added.winner is not None:
        _name_payments(game, result, payments_at, name, dict(added.payments), added.winner, added.win_kind or "",
                       added)


def hand_named(match: Match, state: TableState, hands: Sequence[HandRecord], hand_id: str | None) -> str:
    """The hand ``hand_id`` of ``hands`` (``state``: the match's table after them) as the ledger page numbers it, in
    the page's language, to follow "as" or "Recorded": "hand 3", 「3局目」 (a double ron's second winner and a chombo's
    re-deal: the hand they belong to); at a Donjara table counting honba with its deal's ("hand 2, honba 1",
    「2局目 1本場」, as the page's round line says it); a riichi game's honba is its round's, not the hand's."""
    index = next(i for i, h in enumerate(hands) if h.id == hand_id)
    honba = 0 if engine_of(match) == "riichi" else deal_honba(state, index) or 0
    said = hand_number_said(hand_numbers(hands)[index], honba, lang())
    return said[:1].lower() + said[1:]


def _said_added_before_the_end(prefix: str, match: Match, state: TableState, hands: Sequence[HandRecord],
                               options: HandOptions) -> HandRecord | None:
    """Below "The match has ended", where the box offers no button: that the hand shown is the one just added (the
    hand that ended the match was said only to have ended it: was it recorded?), or why the last tap did not add
    it (another phone's hand ended the match first). Returns the hand added where it is the one shown."""
    error = st.session_state.pop(f"{prefix}_ledger_error", None)
    if error:
        st.error(error)
        return None
    record = st.session_state.get(f"{prefix}_added") or ()
    added = _added_hand(prefix, match.id, hands)
    photo = st.session_state.get(f"{prefix}_hand_of")
    this_photo = added is not None and photo is not None and st.session_state.get(f"{prefix}_added_of") == photo
    at_last = added is not None and added == (hands[-1].id if hands else None)
    if (at_last or this_photo) and tuple(record[1:2]) + tuple(record[3:4]) == (tuple(hand(prefix)),
                                                                              options_said(options)):
        st.success(t("added", hand=hand_named(match, state, hands, added)))
        return next((h for h in hands if h.id == added), None)
    return None


TABLE_FIGURES = ("honba", "riichi_sticks", "round_wind", "pot")  # the options the ledger sets (``ledger_defaults``,
# ``_with_the_pot``)


def options_said(options: HandOptions) -> tuple:
    """What the player said of the hand (every option but the table's figures, which the ledger gives again
    once a hand is added: ``_table_moved_on``), comparable across runs.

    >>> options_said(HandOptions("ron", False, 4, True, {"win": "ron", "honba": 1, "dora_indicators": ["1m"]}))
    (('dora_indicators', "['1m']"), ('win', "'ron'"))
    """
    return tuple(sorted((k, repr(v)) for k, v in options.kwargs.items() if k not in TABLE_FIGURES))


def _name_payments(game: Game, result: ScoreResult, place: Any, name: Callable[[int], str],
                   pays: dict[int, int] | str, winner: int, win_kind: str, added: HandRecord | None,
                   settled: bool = True) -> None:
    """The payments drawn again in ``place`` with the match's players: "Bo pays Ann 40" for "player 1 pays 40"
    (``pays``: what each seat pays ``winner``, as the ledger would take it; a string, why they cannot be placed:
    left as scored). ``added``: the hand as the ledger took it, once added (the table has moved on since: its
    dealer, so its seat winds, may have changed). ``settled``: who pays a tsumo split's remainder is chosen (else
    the even part and the remainder are said apart, ``payments_view``)."""
    if isinstance(pays, str):
        return
    notes: dict[int, str] = {}  # each payment's note ("incl. 300 for 1 honba") with the seat that pays it
    halves = (PAO_NOTE, t("pao_half_note"))  # a liable player's half: not said of one who dealt in and paid it all
    if win_kind == "ron" and not (len(pays) == len(result.payments) > 1):  # two: the discarder's, a liable player's
        notes = {seat: "; ".join(dict.fromkeys(p.note for p in result.payments if p.note and p.note not in halves))
                 for seat in pays}
    elif len(pays) == len(result.payments):
        notes = {seat: p.note for seat, p in zip(pays, result.payments)}
    notes = {seat: t("pao_half_note") if note == PAO_NOTE else note for seat, note in notes.items()}  # a liable half
    if added is not None and added.winner is not None:
        winner, shown = added.winner, dict(added.payments)
        notes = {s: n for s, n in notes.items() if pays.get(s) == shown.get(s)}
    else:
        shown = pays
    if settled or added is not None:  # who lost rock-paper-scissors is chosen (or was charged): not still to settle
        notes = {s: _remainder_decided(game, result, shown.get(s), chosen=settled) if n == REMAINDER_NOTE else n
                 for s, n in notes.items()}
    with place.container():
        drawn = payments_view(game, result, name(winner), [(name(s), a, notes.get(s, "")) for s, a in shown.items()],
                              remainder_settled=settled or added is not None)
        for _ in range(len(result.payments) - drawn):  # fewer lines than scored (a liable player who dealt in pays
            st.empty()  # both halves; payers alike said in one line): the scored lines' places kept empty, drawn over
            # they stayed shown ("West pays 16,000" below "each of the others pays Ben 16,000")


def _remainder_decided(game: Game, result: ScoreResult, paid: int | None, chosen: bool = True) -> str:
    """The note of a payment ``paid`` that holds a part of a tsumo split's remainder, once who lost rock-paper-scissors
    is ``chosen``: said as decided, with its part over the even share in the game's unit (「端数の1万を含みます:
    じゃんけんで負けた人」), not as the payers' to settle (``payment_note_ja``'s, the scorer's, which knows nothing of
    a choice). Not chosen, the hand added (the ledger charged the first payer in seat order): the part alone."""
    even = (result.extra or {}).get("even_share")
    over = paid - even if paid is not None and even is not None else 0
    said = t("remainder_part", part=amount(over, currency(game))) if over > 0 else t("remainder_some")
    return t("remainder_lost", note=said) if chosen else said


def _riichi_box_changed(prefix: str, key: str, winner: int) -> None:
    """The winner picked in "Riichi declared by" ticks Riichi (its han, and its stick), which keeps the two in step
    (``_winner_riichi_as_ticked`` took the winner out again while Riichi was unticked, saying nothing)."""
    if winner in (st.session_state.get(key) or ()) and not st.session_state.get(f"{prefix}_riichi"):
        st.session_state[f"{prefix}_riichi"] = True


def _winner_riichi_as_ticked(key: str, winner: int, declared: bool, ticked: bool, recorded: set[int] = frozenset()
                             ) -> None:
    """The winner in "Riichi declared by" (the box ``key``) as the Riichi option says, on every run: taken only as
    the box was first drawn, Riichi unticked since left a riichi the winner never declared (a chip taken; on a
    double ron the pot moved to the wrong winner), and ticked since left none. ``declared``: the winner is put in
    (Riichi ticked, and the match's rules have a chip); ``ticked``: the Riichi option, without which the winner is
    taken out. The other players chosen stay as chosen, but for those ``recorded`` (their riichi entered with the
    first ron on the same discard: not offered)."""
    chosen = [s for s in st.session_state.get(key, []) if s not in recorded]
    if declared and winner not in chosen:
        chosen.insert(0, winner)
    elif not ticked and winner in chosen:
        chosen.remove(winner)
    if st.session_state.get(key) != chosen:
        st.session_state[key] = chosen


def _riichi_tells(game: Game, match: Match) -> bool:
    """Whether the ledger box asks who declared riichi: not where that tells nothing under the match's rules
    (:func:`tilelens.ledger.riichi_tells`; Cinderella Girls: a riichi before every win, and no chip for it), as
    the ledger page has no Riichi column there. A house table whose rules cannot be read asks, as the column stays."""
    try:
        return riichi_tells(game, match.rules)
    except TilelensInputError:
        return True


def seat_or_error(result: ScoreResult, winner: int, dealer: int, players: int, win_kind: str,
                  discarder: int | None, remainder_payers: Sequence[int] = (), pao: int | None = None
                  ) -> dict[int, int] | str:
    """Who pays what at this table, or why the payments cannot be placed (in the screen's language). ``pao``: the
    seat liable for the hand's yakuman, which pays beside (or instead of) the others (``seat_payments``)."""
    try:
        return seat_payments(result.payments, winner, dealer, players, win_kind, discarder, remainder_payers, pao)
    except LedgerError as exc:
        return error_text(exc)


def _added_hand(prefix: str, match_id: int, hands: Sequence[HandRecord]) -> str | None:
    """The id of the hand the ledger button last added (its record ``{prefix}_added``: match id, tiles, winner,
    what was said of it (``options_said``), the hand's id, the hands the table had with it) where it is a hand of
    match ``match_id`` still in ``hands``, else None. A record of a hand undone since is forgotten: the photo page
    would say it is in the ledger (``added_earlier``, by the count of hands)."""
    record = st.session_state.get(f"{prefix}_added")
    if not record or len(record) < 6 or record[0] != match_id:
        return None
    if any(h.id == record[-2] for h in hands):
        return record[-2]
    st.session_state.pop(f"{prefix}_added", None)
    st.session_state.pop(f"{prefix}_added_of", None)
    return None


def _in_another_match(prefix: str, match_id: int, options: HandOptions) -> tuple[int, int] | None:
    """Where the hand shown is in the ledger in another match than ``match_id``: that match's id and the hand's number
    there, else None (a hand undone since, its match deleted, a ledger that cannot be read now). A photo's hand is one
    hand: recorded in match #1, it was offered for match #2 started since, and one tap recorded it twice (its record
    ``{prefix}_added`` is the photo's, ``{prefix}_added_of``). The manual page's hand typed again may be a new hand
    of the same tiles: refused only while it is the one this page added (the same tiles, and the same said of it but
    the seat, which the ledger sets for the winner in the new match) and that hand is still its match's last one (the
    hand that ended match #1, left shown while the page switched to #2, was recorded again as #2's first); a hand
    typed anew, or cleared ("Clear": the next hand), is taken."""
    photo = st.session_state.get(f"{prefix}_hand_of")
    record = st.session_state.get(f"{prefix}_added")
    if not record or len(record) < 6 or record[0] == match_id:
        return None
    typed = photo is None and st.session_state.get(f"{prefix}_added_of") is None
    if typed:
        shown = (tuple(hand(prefix)), _said_but_seat(options_said(options)))
        if (tuple(record[1]), _said_but_seat(record[3])) != shown:
            return None
    elif photo is None or st.session_state.get(f"{prefix}_added_of") != photo:
        return None
    try:
        hands = resources.ledger().hands(record[0])
    except LedgerError:
        return None
    if typed and (not hands or hands[-1].id != record[-2]):
        return None
    number = hand_number(hands, record[-2])
    return (record[0], number) if number is not None else None


def _said_but_seat(said: tuple) -> tuple:
    """``options_said`` less the seat wind (set by the ledger for the winner at the table the hand goes to)."""
    return tuple(item for item in said if item[0] != "seat")


# ``{prefix}_same_win``: the match the ledger box adds to, the hand it shows (``_shown_hand``), the match's number of
# hands when the box first showed that hand, and each (winner, win kind, payments) it was priced at since
SAME_WIN = "same_win"
# ``{prefix}_same_win_said``: the player's answer to "is this the same hand?" (``_same_win_asked``): the match, the
# hand asked about, the hand shown and its winner, and True for another hand (to be added), False for the same one
SAME_WIN_SAID = "same_win_said"


def _shown_hand(prefix: str) -> tuple:
    """The hand a score page shows: its tiles, and the photo they were read from (None on the manual page)."""
    return tuple(hand(prefix)), st.session_state.get(f"{prefix}_hand_of")


def _same_win(prefix: str, match: Match, hands: Sequence[HandRecord], winner: int | None, win_kind: str,
              pays: dict[int, int] | str, price_at: Callable[[int, bool], dict[int, int] | None] | None = None
              ) -> HandRecord | None:
    """A hand of ``match`` that may be the hand shown, recorded already on another phone
    (:func:`tilelens.ledger.same_win`), or None: the page keeps, from when the ledger box first showed this hand, the
    match's number of hands then and each price it was shown at since (``pays``, by ``winner`` and ``win_kind``); the
    hands this session added and the one the player said is another hand are not asked about. ``price_at``: the hand
    shown priced in the deal a recorded hand was played in (``tilelens.ledger.priced_in_deal``)."""
    key = f"{prefix}_{SAME_WIN}"
    shown = _shown_hand(prefix)
    kept = st.session_state.get(key)
    if not kept or tuple(kept[:2]) != (match.id, shown):
        kept = (match.id, shown, len(hands), ())
    if winner is not None and isinstance(pays, dict):
        now = (winner, win_kind, payments_key(pays))
        if now not in kept[3]:
            kept = (*kept[:3], (*kept[3], now))
    st.session_state[key] = kept
    if winner is None or not hands:
        return None
    priced = [dict(paid) for w, kind, paid in kept[3] if (w, kind) == (winner, win_kind)]
    own = {value for k, value in st.session_state.items() if isinstance(k, str) and k.endswith("_last_added")}
    said = st.session_state.get(f"{prefix}_{SAME_WIN_SAID}")
    another = said[1] if said and tuple(said[:1]) + tuple(said[2:4]) == (match.id, shown, winner) and said[4] else None
    return same_win(hands, winner, win_kind, priced, since=kept[2], own=own, another=another, price_at=price_at)


def _same_win_answered(prefix: str, said: tuple) -> None:
    """A callback: "The same hand: don't add it" (``said``: ``SAME_WIN_SAID``'s, False); nothing is recorded, and the
    re-pricing of a refused tap is said no more."""
    st.session_state[f"{prefix}_{SAME_WIN_SAID}"] = said
    st.session_state.pop(f"{prefix}_{REPRICED}", None)


def _add_another(prefix: str, said: tuple, *add: Any) -> None:
    """A callback: "Another hand: add it" (``said``: True): the player's yes, then Add's (``_add_to_ledger``)."""
    st.session_state[f"{prefix}_{SAME_WIN_SAID}"] = said
    _add_to_ledger(prefix, *add)


def _same_win_asked(prefix: str, match: Match, hands: Sequence[HandRecord], asked: HandRecord, winner: int,
                    disabled: bool, add: tuple) -> None:
    """In place of Add, where ``asked`` may be the hand shown recorded already (``_same_win``): which hand, and
    whether it is this one; nothing is added without the player's yes. Once the player said it is the same: that it
    was not added, and the yes still offered."""
    said = st.session_state.get(f"{prefix}_{SAME_WIN_SAID}")
    answer = (match.id, asked.id, _shown_hand(prefix), winner)
    n = hand_number(hands, asked.id)
    yes = (t("same_win_add"), f"{prefix}_same_win_add")
    if said and tuple(said[:4]) == answer and not said[4]:
        st.info(t("same_win_not_added", id=match.id, n=n))
        st.button(yes[0], key=yes[1], disabled=disabled, on_click=_add_another, args=(prefix, (*answer, True), *add))
        return
    st.warning(t("same_win_asked", id=match.id, n=n, hand=as_typed(hand_said(match, asked))))
    cols = st.columns(2)
    cols[0].button(t("same_win_skip"), key=f"{prefix}_same_win_skip", type="primary",
                   on_click=_same_win_answered, args=(prefix, (*answer, False)))
    cols[1].button(yes[0], key=yes[1], disabled=disabled, on_click=_add_another, args=(prefix, (*answer, True), *add))


def _win_kind_here(prefix: str, win_kind: str) -> None:
    """The win kind beside the winner, where the hand is recorded: the options' Win box is in their fold, and a ron
    recorded with only the winner chosen was a tsumo. It follows that box, and sets it."""
    st.session_state[f"{prefix}_ledger_win"] = win_kind  # before it is drawn: the fold's choice this run
    st.segmented_control(t("ledger_win_kind"), ["tsumo", "ron"], key=f"{prefix}_ledger_win", format_func=tr(),
                         required=True, on_change=_win_kind_chosen_here, args=(prefix,))


def _win_kind_chosen_here(prefix: str) -> None:
    """A callback: the ledger box's win kind set as the options' Win box (``options.hand_options``), chosen by the
    player for this hand (``WIN_CHOSEN``)."""
    kind = st.session_state.get(f"{prefix}_ledger_win")
    if kind in ("tsumo", "ron"):
        st.session_state[f"{prefix}_win"] = kind
        st.session_state[f"{prefix}_{WIN_CHOSEN}"] = True


# ``{prefix}_one_ron_said``: "the same discard" answered where the earlier winner is the one kept (nothing added): the
# match, the earlier ron, the hand shown and its winner. ``{prefix}_one_ron_replaced``: the number of the hand just
# replaced by the nearer winner on its discard, said once.
ONE_RON_SAID = "one_ron_said"
ONE_RON_REPLACED = "one_ron_replaced"
ONE_RON_JOINED = "one_ron_joined"  # ``{prefix}_one_ron_joined``: the riichi joined to the kept hand, said once


def _one_ron_asked(game: Game, prefix: str, match: Match, hands: Sequence[HandRecord], one: OneRonOnDiscard,
                   winner: int, discarder: int, disabled: bool, add: tuple, ended: bool = False) -> None:
    """In place of Add, a ron right after a ron off the same discarder where one player wins on one discard
    (``tilelens.ledger.one_winner_on_discard``: who is kept, what "the same discard" does): the same discard (the
    nearer winner replaces the earlier ron; or nothing is added, said, the riichi declared with this ron joined to the
    earlier one: either order of entering them pays the same) or a later discard (added as a new hand: the default, a
    ron after a ron off the same discarder being as often the next deal's). Two phones each recorded one of two rons on
    one discard, and both were added. ``ended``: that earlier ron ended the match: no later discard.

    A riichi table's nearer winner is priced at the table before the earlier ron (its honba, dealer, seat winds), not
    replaced here at the figures the page shows (the table after it: a dealer's ron, one more honba): said to undo the
    earlier ron on the ledger page first, after which the page prices it so. A Donjara hand is priced the same."""
    name = lambda seat: as_typed(match.players[seat])  # noqa: E731
    answer = (match.id, one.hand_id, _shown_hand(prefix), winner)
    later = (t("one_ron_later"), f"{prefix}_add_ledger")
    if st.session_state.get(f"{prefix}_{ONE_RON_SAID}") == answer:
        joined = st.session_state.pop(f"{prefix}_{ONE_RON_JOINED}", None)
        st.info(" ".join([t("one_ron_not_added", name=name(one.kept), n=one.number), *(
            [t("one_ron_riichi_joined", names=list_sep().join(map(name, joined)), n=one.number)] if joined else [])]))
        if ended:
            _new_match_said(prefix)  # ended by that ron: not early
        else:
            st.button(later[0], key=later[1], type="primary", disabled=disabled, on_click=_add_to_ledger,
                      args=(prefix, *add))
        return
    st.warning(t("one_ron_asked", n=one.number, name=name(one.kept), discarder=name(discarder))
               if one.kept is not None else t("one_ron_asked_table", n=one.number))
    undo_first = one.choice is OneRonChoice.REPLACE and game.engine == "riichi"
    if undo_first:
        riichi = hands[-1].riichi
        st.info(" ".join([t("one_ron_undo_first", n=one.number, name=name(winner)), *(
            [t("one_ron_undo_first_riichi", n=one.number, names=list_sep().join(map(name, riichi)))] if riichi else [])]))
    cols = st.columns(2)
    if not ended:
        cols[0].button(later[0], key=later[1], type="primary", disabled=disabled, on_click=_add_to_ledger,
                       args=(prefix, *add))
    same = cols[0 if ended else 1]
    kind = "primary" if ended else "secondary"  # the one choice under a match that has ended
    if one.choice is OneRonChoice.KEEP:
        same.button(t("one_ron_keep", n=one.number), key=f"{prefix}_one_ron_same", type=kind,
                    on_click=_keep_on_discard, args=(prefix, one, add[0].riichi, add[0].seen, answer))
    elif not undo_first:
        same.button(t("one_ron_replace", name=name(winner), n=one.number), key=f"{prefix}_one_ron_same", type=kind,
                    disabled=disabled, on_click=_replace_on_discard,
                    args=(prefix, one, hands[-1].riichi, hands[-2].id if len(hands) > 1 else None, *add))


def _keep_on_discard(prefix: str, one: OneRonOnDiscard, riichi: Sequence[int], seen: int, answer: tuple) -> None:
    """A callback: "the same discard", the earlier winner the one kept: nothing added, and the riichi declared with this
    ron (``riichi``, the box's) joined to that hand (``Ledger.join_riichi``: their chips go to its winner, as where this
    ron was entered first and replaced). The answer is kept with the hand's id after (entered again where a riichi was
    joined), said once with the riichi joined."""
    st.session_state.pop(f"{prefix}_ledger_error", None)
    ledger = resources.ledger()
    try:
        kept = next((h for h in ledger.hands(answer[0]) if h.id == one.hand_id), None)
        uid = ledger.join_riichi(answer[0], one.hand_id, riichi, expected_hands=seen)
    except LedgerError as exc:
        st.session_state[f"{prefix}_ledger_error"] = error_text(exc)
        return
    st.session_state[f"{prefix}_{ONE_RON_SAID}"] = (answer[0], uid, *answer[2:])
    joined = sorted(set(riichi) - set(kept.riichi)) if kept is not None and uid != one.hand_id else []
    st.session_state[f"{prefix}_{ONE_RON_JOINED}"] = joined or None


def _replace_on_discard(prefix: str, one: OneRonOnDiscard, earlier_riichi: Sequence[int], before: str | None,
                        entry: LedgerEntry, added: tuple, priced: tuple | None = None) -> None:
    """A callback: "the same discard", the new winner the nearer: the earlier ron taken out and this one added in
    its place, in one guarded step (``Ledger.move_hand``: taken out only while it is still the last hand of the table
    the page priced at; put back where the add is refused). The riichi declared with the earlier ron stay declared
    (their chips go to the one winner)."""
    entry = LedgerEntry(*entry)
    match_id, seen = entry.match_id, entry.seen
    replaced = entry._replace(riichi=sorted(set(entry.riichi) | set(earlier_riichi)), seen=seen - 1, last=before)
    st.session_state.pop(f"{prefix}_ledger_error", None)

    def add() -> bool:
        _add_to_ledger(prefix, replaced, (*added[:-1], added[-1] - 1), priced)
        return f"{prefix}_ledger_error" not in st.session_state

    try:
        outcome, _ = resources.ledger().move_hand(match_id, one.hand_id, seen, add)
    except LedgerError as exc:
        st.session_state[f"{prefix}_ledger_error"] = error_text(exc)
        return
    if outcome is MoveOutcome.MOVED:
        st.session_state[f"{prefix}_{ONE_RON_REPLACED}"] = one.number
    elif outcome is MoveOutcome.REFUSED:
        st.session_state[f"{prefix}_ledger_error"] = t("one_ron_changed", n=one.number)
    elif outcome is MoveOutcome.NOT_BACK:
        st.session_state[f"{prefix}_ledger_error"] = t("one_ron_not_back", n=one.number)


class LedgerEntry(NamedTuple):
    """What Add records (``_add_to_ledger``, ``Ledger.add_win``), as the ledger box priced it; a plain tuple in this
    order is taken too."""

    match_id: int
    winner: int | None
    win_kind: str
    pays: Any                 # the seats' payments, or why there are none yet (in the screen's language)
    riichi: Sequence[int]
    note: str
    same: bool                # another winner on the last ron's discard
    seen: int                 # the hands the table had, and its last hand's id: an undo or a hand since refuses it
    last: str | None
    honba: int | None         # the honba the hand was priced with (riichi mahjong)
    pao: int | None = None    # the seat liable for it


def _add_to_ledger(prefix: str, entry: LedgerEntry, added: tuple,
                   priced: tuple[int, str | None, int, int] | None = None) -> None:
    # A callback: it runs before the page is drawn again, so the button is already disabled then. ``added``:
    # the hand's signature and the hands the table has with it; kept with the new hand's id between them.
    # ``priced``: the points, seat wind, sticks (chips) and total received the hand was priced at, said against the
    # new ones after a refusal (``_repriced_said``).
    match_id, winner, win_kind, pays, riichi, note, same, seen, last, honba, *liable = entry  # liable: pao's seat
    st.session_state.pop(f"{prefix}_{REPRICED}", None)
    try:
        if isinstance(pays, str):  # already in the screen's language
            raise LedgerError(pays, pays)
        uid = resources.ledger().add_win(match_id, winner, win_kind, pays, riichi, note, same_discard=same,
                                         expected_hands=seen, expected_last=last, honba=honba,
                                         pao=liable[0] if liable else None)
        st.session_state[f"{prefix}_added"] = (*added[:-1], uid, added[-1])
        st.session_state[f"{prefix}_added_of"] = st.session_state.get(f"{prefix}_hand_of")
        st.session_state[f"{prefix}_last_added"] = uid  # kept past the record (the ledger page's undo)
        # the other matches under way the box named, the phone having chosen none: a hand added to the wrong one of
        # them is offered to move (``_movable``)
        told = st.session_state.get(f"{prefix}_{TOLD_OTHERS}")
        st.session_state[f"{prefix}_{ADDED_UNSURE}"] = told if told and told[0] == match_id else None
        # the hand stays shown as added, at the figures it was priced at, until the player changes something
        # (``_as_added_until_changed``): the ledger's figures at once priced it for the next deal ("A win! 6,300"
        # above "Added", a dealer's 6,000 recorded)
        st.session_state[f"{prefix}_{AS_ADDED}"] = {k: st.session_state[k] for k in _figure_keys(prefix)
                                                    if k in st.session_state}
        st.session_state[f"{prefix}_{LOSERS_ADDED}"] = (uid, tuple(st.session_state.get(f"{prefix}_remainder_{winner}")
                                                                   or ()))
        _hand_recorded(prefix)
    except LedgerChangedError as exc:
        record = st.session_state.get(f"{prefix}_added") or ()
        if (*record[:4], *record[-1:]) == added:
            return  # this very hand, added by the first tap of a double tap: the page says it was added
        _table_moved_on(prefix)  # priced for the table before another phone's entry: to be scored again
        st.session_state[f"{prefix}_ledger_error"] = error_text(exc)
        if priced is not None:  # what changed is said once priced again (``_repriced_said``), and what Add does now:
            # the error says the hand was not recorded, not to "check the table and try again" beside it
            st.session_state[f"{prefix}_ledger_error"] = _not_added_said(exc)
            st.session_state[f"{prefix}_{REPRICED}"] = (match_id, exc.now, tuple(added[1]), winner, *priced)
    except NoMatchError as exc:  # deleted on another phone, or the ledger file changed
        st.session_state[f"{prefix}_ledger_error"] = t("match_gone_not_recorded", id=exc.match_id)
    except LedgerError as exc:
        st.session_state[f"{prefix}_ledger_error"] = error_text(exc)


# ``{prefix}_told_others``: the match the ledger box adds to, taken where the phone chose none, and the other matches
# under way it named (``_other_matches_said``); ``{prefix}_added_unsure``: the same, kept with the hand added then
TOLD_OTHERS = "told_others"
ADDED_UNSURE = "added_unsure"
# ``{prefix}_moved_to_match``: a hand just moved here (``_move_to_ledger``): the match it was taken out of and its
# number there (not ``{prefix}_moved``: the tile strip's toast, ``tiles.py``)
MOVED = "moved_to_match"


def _movable(prefix: str, match_id: int, there: int) -> bool:
    """Whether the hand shown, added by this page to match ``there`` (``_in_another_match``), may be moved to match
    ``match_id``: it was added where the phone had chosen no match and the box named ``match_id`` as under way too
    (``ADDED_UNSURE``). A phone added to the newest match, the other table's, then switched to its own, and was told
    only that the hand was not added there. Not the hand that ended a match, offered to the next match started since:
    that one goes on with the next hand."""
    unsure = st.session_state.get(f"{prefix}_{ADDED_UNSURE}")
    record = st.session_state.get(f"{prefix}_added") or ()
    return bool(unsure) and unsure[0] == there and match_id in unsure[1] and len(record) >= 6 and record[0] == there


def _move_to_ledger(prefix: str, there: int, entry: LedgerEntry, added: tuple) -> None:
    """A callback: the hand this page added to match ``there`` (its record ``{prefix}_added``) taken out of it and
    added to the match of ``entry`` as the box now prices it (its winner among that match's players), in one tap
    (``_movable``; ``Ledger.move_hand``). Taken out only while it is still that match's last hand, the table as the
    page added it to (the other table's hand since is not undone); put back as it was where the match moved to
    refuses it (another phone's hand there since). Said either way."""
    record = st.session_state.get(f"{prefix}_added") or ()
    if len(record) < 6 or record[0] != there:  # a double tap's second half: moved by the first
        return

    def add() -> bool:  # Add's own step (``_add_to_ledger``): what it keeps and says; True where it recorded the hand
        _add_to_ledger(prefix, entry, added)
        return (st.session_state.get(f"{prefix}_added") or ())[:1] == (entry[0],)

    try:
        outcome, number = resources.ledger().move_hand(there, record[4], record[5], add)
    except LedgerError as exc:  # a file busy, a match that cannot be read: said as the ledger says it
        st.session_state[f"{prefix}_ledger_error"] = error_text(exc)
        return
    if outcome is MoveOutcome.MOVED:
        st.session_state[f"{prefix}_{MOVED}"] = (there, number)
        st.session_state.pop(f"{prefix}_{ADDED_UNSURE}", None)
        return
    if outcome is MoveOutcome.REFUSED:
        st.session_state[f"{prefix}_ledger_error"] = t("move_refused", id=there, this=entry[0])
        return
    refused = st.session_state.get(f"{prefix}_ledger_error") or ""  # why the match moved to refused it
    if outcome is MoveOutcome.NOT_BACK:
        st.session_state[f"{prefix}_ledger_error"] = f"{t('move_not_back', id=there, this=entry[0])} {refused}"
        st.session_state.pop(f"{prefix}_added", None)
        return
    st.session_state[f"{prefix}_ledger_error"] = f"{t('move_put_back', id=there, this=entry[0])} {refused}"


def _not_added_said(exc: LedgerChangedError) -> str:
    """A stale Add refused, where the page prices the hand again (``_repriced_said``, whose warning says what Add now
    does): that the match changed and the hand was not recorded, with why as the ledger says it (its count of hands),
    and no "check the table and try again" (the warning beside it says Add records it now)."""
    import re

    text = error_text(exc)
    why = re.search(r"\(([^()]*)\)", text)
    return t("stale_not_added", id=exc.match_id, why=why.group(1)) if why else text


def received(result: ScoreResult) -> int:
    """What the winner of ``result`` receives in all as the page says it: its payments and the riichi sticks (chips)
    it takes, and the honba another winner on its discard passes to it (``_double_ron_receipt``)."""
    return int(result.extra.get("total_received", result.points + result.pot))


# ``{prefix}_losers_added``: the id of the hand just added and who lost rock-paper-scissors for its remainder then
# (cleared for the next hand): the hand is shown paid as it was added
LOSERS_ADDED = "losers_added"
AS_ADDED = "figures_as_added"  # ``{prefix}_figures_as_added``: the table's boxes as the hand just added had them


def _figure_keys(prefix: str) -> tuple[str, ...]:
    """The boxes of the table's figures (``TABLE_FIGURES``) that the ledger sets."""
    return f"{prefix}_honba", f"{prefix}_round", f"{prefix}_sticks", f"{prefix}_pot"


def _table_moved_on(prefix: str) -> None:
    """The honba and round boxes take the ledger's figures again (``ledger_defaults``), so the next hand
    typed over this one is scored at them (the boxes kept the old ones)."""
    for key in (*_figure_keys(prefix), f"{prefix}_{AS_ADDED}"):
        st.session_state.pop(key, None)


def _as_added_until_changed(prefix: str, options: HandOptions) -> None:
    """The hand just added is shown at the figures it was added with; once the player changes its tiles or what
    was said of it, the boxes take the table's figures (the ledger's, one more honba after a dealer's win) and
    the page is drawn again with them. A figure the player set since is the player's: kept."""
    kept = st.session_state.get(f"{prefix}_{AS_ADDED}")
    if kept is None:
        return
    if any(st.session_state.get(key) != value for key, value in kept.items()):
        st.session_state.pop(f"{prefix}_{AS_ADDED}", None)
        return
    record = st.session_state.get(f"{prefix}_added") or ()
    if tuple(record[1:2]) + tuple(record[3:4]) != (tuple(hand(prefix)), options_said(options)):
        _table_moved_on(prefix)
        st.rerun()


def _hand_recorded(prefix: str) -> None:
    """What was said of the hand just added is cleared for the next one: the "same discard" tick (it stayed
    ticked, and the next deal's ron was recorded as another winner on the old discard), the riichi players and
    who lost rock-paper-scissors for the remainder (kept for the next hand of the same winner, they paid a
    chip, or the remainder, again). Not on a refusal: the same hand is to be added again."""
    st.session_state.pop(f"{prefix}_same_discard", None)
    for key in [k for k in st.session_state.keys()
                if isinstance(k, str) and k.startswith((f"{prefix}_riichi_seats_", f"{prefix}_remainder_"))]:
        st.session_state.pop(key, None)


# The next hand after a win shown with no match open (``next_hand_after``): both score pages start it at the table the
# rules give it; a dealer's riichi tsumo at 2 honba with 2 sticks left the next hand at 2 and 2, and its winner was
# paid the sticks again. ``{prefix}_next_hand``: what the boxes were given, (game id, honba, sticks, words (en, ja)).
NEXT_HAND = "next_hand"


def won_shown(prefix: str) -> ScoreResult | None:
    """The win the page showed in its last run with no match open (``score_section``'s result, kept for the hand:
    its ledger box then offered only to open the ledger, ``{prefix}_open_ledger``), else None: no win shown, or a
    match open (its ledger gives the next hand's figures). Read before the run draws the page, or the hand goes."""
    kept = st.session_state.get(f"{prefix}_scored_kept")
    shown = kept[1] if kept and f"{prefix}_open_ledger" in st.session_state else None
    return shown if getattr(shown, "winning", False) else None


def next_hand_after_shown(prefix: str) -> NextHand | None:
    """The table the next hand starts at after the win the page shows (``won_shown``: ``next_hand_after`` of it);
    None after no win (a hand corrected, a photo misread and retaken: its table stays as it was) or with a match
    open. Read before the hand goes (``next_hand_set`` then sets it). Its honba as the ledger gives them at the table
    of the game that scored it (``rules_for``: a house table that moves the deal after a dealer's win, or counts no
    honba, starts it at none)."""
    won = won_shown(prefix)
    if won is None:
        return None
    from tilelens.ledger import rules_for

    try:
        rules = rules_for(st.session_state[f"{prefix}_scored_kept"][0][0])  # the game as it scored the win
    except LedgerError:  # a [table] the ledger refuses (said where the game is chosen): the scorer's own rule
        return next_hand_after(won)
    return next_hand_after(won, keep_on_dealer_win=rules.keep_on_dealer_win, counts_honba=rules.honba)


def next_hand_set(prefix: str, after: NextHand | None) -> None:
    """The next hand (the one after "Clear", a new photo) starts at the table the rules give it after a win
    (``after``: ``next_hand_after_shown``, read before the last hand went): no riichi sticks (the winner took them),
    one more honba after the dealer's win, none after another's; said (``next_hand_said``) where it changed the
    boxes. After no win (``after`` None) the boxes stay as they were."""
    st.session_state.pop(f"{prefix}_{NEXT_HAND}", None)
    if after is None:
        return
    was = st.session_state.get(f"{prefix}_honba"), st.session_state.get(f"{prefix}_sticks")
    st.session_state[f"{prefix}_honba"], st.session_state[f"{prefix}_sticks"] = after.honba, after.riichi_sticks
    if was != (after.honba, after.riichi_sticks):  # something carried otherwise than before: said why
        game = st.session_state.get(f"{prefix}_game")
        st.session_state[f"{prefix}_{NEXT_HAND}"] = (game and game[0], after.honba, after.riichi_sticks, after.said())


def next_hand_said(prefix: str) -> None:
    """The caption of what the last win gave this hand (``next_hand_set``), while the boxes (and the game) hold it;
    gone once the player changes them."""
    said_of = st.session_state.get(f"{prefix}_{NEXT_HAND}")
    if said_of is None:
        return
    game = st.session_state.get(f"{prefix}_game")
    if said_of[:3] != (game and game[0], st.session_state.get(f"{prefix}_honba"),
                       st.session_state.get(f"{prefix}_sticks")):
        st.session_state.pop(f"{prefix}_{NEXT_HAND}", None)
        return
    st.caption(said_of[3][1] if lang() == "ja" else said_of[3][0])
