"""The table ledger: players and totals, dealer, pot, every hand, undo, draws, chombo, a chart, CSV export."""
import math
import re
import time
from collections.abc import Callable
from datetime import date
from dataclasses import replace

import streamlit as st

from app.components import ledger_view, resources
from app.components.common import (GAME_KEY, GAME_PICKED_KEY, as_typed, form_choice, game_select, keep_choice, style,
                                   uploader_words)
from app.components.i18n import error_text as error_words, game_t, lang, name_of, t
from app.components.options import players_range
from app.components.result import list_sep
from app.components.rules_view import chombo_none_said
from app.components.visitor import is_local_visitor, path_help, said_in, said_path
from app.components.scoring import defaulted_match_key, hand_named, others_under_way_said, taken_match
from app.components.ledger_view import (chosen_match, chosen_match_key, final_standings, follow_address,
                                        hands_table, keep_match_in_address, match_in_address, round_label,
                                        totals_chart)
from app import settings
from scorer import Game, TilelensInputError
from tilelens.ledger import (LedgerChangedError, LedgerFileError, Match, MatchDamagedError, NoMatchError, TableRules, TableState, amount_in, chombo_payments,
                             chombo_penalty, csv_bytes, csv_file_name, end_said, engine_of, file_mark, last_deal, last_hand_start,
                             match_csv, move_aside, removed_game, riichi_counts_in_draw, riichi_short, riichi_tells,
                             rules_for,
                             standings_csv, sticks_said, table_changed, units_of, evening_matches, evening_totals)
from tilelens.ledger import ABORTIVE_KINDS, LEFTOVER_STICKS, Ledger, abortive_kinds, final_scores, score_said
from tilelens.ledger import evening_of, final_score_rule_said, has_final_score, recorded_twice, scores_said, newest_match
from tilelens.ledger import totals_csv, totals_file_name
from tilelens.ledger import HandKind, multiple_ron_ways
from tilelens.ledger import alike_space_said, umas_said
from tilelens.ledger_cli import by_start, named_there_pairs
from tilelens.ledger_merge import download_name, ledger_file_bytes, merge_summary, merge_upload, when_said

# The names box's example, as many as the game's usual table (``players_range``), in the screen's language
EXAMPLE_NAMES = {"ja": ("たろう", "はなこ", "じろう", "ゆき", "けん", "みか", "そら", "りく"),
                 "en": ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")}


def typed_names(text: str) -> list[str]:
    """The players' names typed in one box, in seat order: separated by commas (a Japanese one too), or, where the
    text has none, by spaces (ASCII or full width: a phone's Japanese keyboard types パパ　たろう). A name may hold a
    space (山田 花子, Anna Lee): such names are separated by commas. A comma after the last name adds no player.

    >>> typed_names("パパ たろう\u3000はなこ "), typed_names("山田 花子、Anna Lee, Bo,")
    (['パパ', 'たろう', 'はなこ'], ['山田 花子', 'Anna Lee', 'Bo'])
    """
    text = re.sub(r"[\s,、，]+$", "", text)
    if re.search(r"[,、，]", text):
        return re.split(r"[,、，]", text)
    return text.split() or [text]  # str.split: any run of spaces, U+3000 included


def _usual_table(game: Game) -> int:
    """How many players the game's usual table seats (its rules' default); 4 where its rules cannot be read (a
    house table: said where the match starts)."""
    try:
        return players_range(game)[2]
    except TilelensInputError:
        return 4


def _change(what: str, match_id: int, seen: int, last: str | None, change: Callable[[], object]) -> None:
    """Make ``change`` (a callback's ledger call, for the table as the page showed it: ``seen`` hands, the
    last one ``last``), keeping its refusal to show on the page. A refusal because the table has changed since
    is not said when this page's own same change made it (the second tap of a double tap): the page shows
    the table."""
    done = (what, match_id, seen, last)
    try:
        change()
        st.session_state["ledger_done"] = done
    except LedgerChangedError as exc:
        if st.session_state.get("ledger_done") != done:
            st.session_state["ledger_error"] = error_said(exc)
    except NoMatchError as exc:  # deleted on another phone, or the file changed: what the tap did not do, said
        st.session_state["ledger_error"] = t("match_gone_not_recorded" if what in ("draw", "chombo")
                                             else "match_gone_unchanged", id=exc.match_id)
    except TilelensInputError as exc:
        st.session_state["ledger_error"] = error_said(exc)
    else:
        if what not in ("undo", "redo"):  # a hand this phone recorded since an undo: the undone hand no longer offered
            st.session_state.pop("ledger_undone", None)
        if what in ("draw", "chombo"):  # said on the next run (``_recorded_said``): not only the cards change
            st.session_state["ledger_recorded"] = (match_id, seen + 1)


def _error_said() -> None:
    """The refusal of the last tap (``ledger_error``, set by a callback before this run), said once where the page
    is drawn to (beside the match's buttons, or where there is no match): never kept to show later elsewhere."""
    if error := st.session_state.pop("ledger_error", None):
        st.error(error)


def _recorded_said(match: Match, state: TableState, hands: list) -> None:
    """A draw or chombo this page just recorded (``ledger_recorded``), said once in words where its form was, as
    Undo says what it removed: a screen reader hears that it was recorded, and what it cost."""
    recorded = st.session_state.pop("ledger_recorded", None)
    if hands and recorded == (match.id, len(hands)):
        st.success(t("recorded_hand", hand=hand_named(match, state, hands, hands[-1].id),
                     what=ledger_view.hand_said(match, hands[-1])))


def _undo(match_id: int, seen: int, last: str | None) -> None:
    """Undo the hand the page showed as the last one (``last``, of ``seen``): refused if it is no longer. What it
    removed is kept in the session (``ledger_undone``): the page says it and offers to bring it back."""
    if (st.session_state.get("ledger_done") or ())[:3] == ("undo", match_id, seen + 1) and \
            time.monotonic() - st.session_state.get("ledger_undo_at", -math.inf) < ledger_view.UNDO_AGAIN_S:
        return  # the second tap of a double tap, on the Undo the first tap's run drew
    try:  # the hand that is to go, read before: said, and kept to bring back
        ledger = resources.ledger()
        match = ledger.match(match_id)
        hands = ledger.hands(match_id)
    except TilelensInputError:  # a match that cannot be read (its undo is its way back): nothing to say of it
        match, hands = None, []
    _change("undo", match_id, seen, last,
            lambda: resources.ledger().undo(match_id, expected_hands=seen, expected_last=last))
    st.session_state["ledger_undo_at"] = time.monotonic()
    if st.session_state.get("ledger_done") == ("undo", match_id, seen, last) and hands and hands[-1].id == last:
        # the players as named now: a hand's note naming one (who paid a remainder) follows a rename made since
        st.session_state["ledger_undone"] = {"match": match_id, "hand": hands[-1], "players": match.players,
                                             "n": hands[-1].seq + 1, "hands": seen - 1,
                                             "last": hands[-2].id if len(hands) > 1 else None}


def _redo(match_id: int, seen: int, last: str | None) -> None:
    """Bring back the hand this session undid last (``ledger_undone``), on the table as the undo left it."""
    undone = st.session_state.get("ledger_undone")
    if not undone or undone["match"] != match_id:
        return
    try:
        ledger = resources.ledger()
        ledger.restore(match_id, undone["hand"], expected_hands=undone["hands"], expected_last=undone["last"],
                       players=undone["players"])
        what = ledger_view.hand_said(ledger.match(match_id), undone["hand"])  # said with the names as they are now
    except LedgerChangedError:  # another phone's hand since: the table it was played at is gone (kept offered)
        st.session_state["ledger_error"] = (t("redo_refused_end") if undone["hand"].kind is HandKind.END
                                            else t("redo_refused", what=_undone_what(undone)))
        return
    except NoMatchError as exc:
        st.session_state["ledger_error"] = t("match_gone_unchanged", id=exc.match_id)
        st.session_state.pop("ledger_undone", None)
        return
    except TilelensInputError as exc:
        st.session_state["ledger_error"] = error_said(exc)
        return
    st.session_state["ledger_done"] = ("redo", match_id, seen, last)
    st.session_state.pop("ledger_undone", None)
    st.session_state["ledger_redone"] = (undone["n"], what)


def _undone_what(undone: dict) -> str:
    """The hand Undo removed, in a line, with the players' names as they are now (a rename since said)."""
    try:
        return ledger_view.hand_said(resources.ledger().match(undone["match"]), undone["hand"])
    except (TilelensInputError, IndexError):  # the match unreadable since: its entry's number
        return f"#{undone['n']}"


def _recorded_here_since(undone: dict, hands: list) -> bool:
    """Whether a hand recorded after the undo left the table (``undone``) was this phone's: the score pages keep
    the id of the hand they added last (``{prefix}_last_added``); the ledger page's own entries drop the offer as
    they are made (``_change``)."""
    mine = {v for k, v in st.session_state.items() if str(k).endswith("_last_added")}
    return any(h.id in mine for h in hands[undone["hands"]:])


def _undone_said(match: Match, hands: list, seen: int, last: str | None) -> None:
    """Under Undo: what it removed (the players as named now), with the button that brings it back while the table
    is as the undo left it; where another phone has recorded a hand since, why it cannot come back (its place in
    the order of play, which sets the dealer and honba after it, is taken) and the button, shown but off, until that
    hand is undone. What was brought back, once."""
    if redone := st.session_state.pop("ledger_redone", None):
        st.success(t("redone", n=redone[0], what=redone[1]))
    undone = st.session_state.get("ledger_undone")
    if not undone or undone["match"] != match.id:
        return
    what = ledger_view.hand_said(match, undone["hand"])
    if (undone["hands"], undone["last"]) != (seen, last):  # a hand recorded or undone since
        if _recorded_here_since(undone, hands):  # by this phone (a score page's Add to ledger): no longer offered
            st.session_state.pop("ledger_undone", None)
            return
        st.warning(t("redo_refused_end") if undone["hand"].kind is HandKind.END else t("redo_refused", what=what))
        st.button(t("redo"), key="ledger_redo", disabled=True)
        return
    st.success(t("undone_end", n=undone["n"]) if undone["hand"].kind is HandKind.END  # the match goes on
               else t("undone_hand", n=undone["n"], what=what))
    st.button(t("redo"), key="ledger_redo", on_click=_redo, args=(match.id, seen, last))


def _undo_damaged(match_id: int) -> None:
    """Undo, next to the message of a match that cannot be read (a hand stored wrong, a file edited by hand):
    its last hand as the file has it, counted without reading the hands; none where it has no hand."""
    try:
        seen, last = resources.ledger().count_and_last(match_id)
    except TilelensInputError:  # the file itself cannot be read now: the message said already is all
        return
    if not seen:
        return
    with st.container(key="ledger_undo"):
        st.button(t("undo"), key=f"ledger_undo_{match_id}_{seen}", on_click=_undo, args=(match_id, seen, last))
        st.caption(t("undo_damaged"))


def _record_draw(match_id: int, seen: int, last: str | None, at: str) -> None:
    riichi = st.session_state.get(f"ledger_draw_riichi_{at}") or []
    tenpai = st.session_state.get(f"ledger_draw_tenpai_{at}") or []
    nagashi = st.session_state.get(f"ledger_draw_nagashi_{at}") or []
    # a riichi game's abortive draw: its kind (None: an exhaustive draw, the box's first choice, "")
    abortive = form_choice(f"ledger_draw_end_{at}", ("", *ABORTIVE_KINDS)) or None
    # the note in the screen's language: every reader says it in its own (``tilelens.ledger.FIXED_NOTES``)
    _change("draw", match_id, seen, last, lambda: resources.ledger().add_draw(
        match_id, tenpai=tenpai, riichi=riichi, note=t("draw"), expected_hands=seen, expected_last=last,
        nagashi=nagashi, abortive=abortive))


def _record_chombo(game: Game, rules: TableRules, match_id: int, players: int, seen: int, last: str | None,
                   at: str, dealer: int = 0) -> None:
    """A chombo by the player chosen in the form, paid as the match's rules (``rules``: the penalty of the table
    it started under, kept with it) say."""
    offender = st.session_state.get(f"ledger_chombo_offender_{at}")
    if offender is None:
        st.session_state["ledger_error"] = t("chombo_choose")
        return
    # in the screen's language, as a draw's: said in each reader's (``tilelens.ledger.FIXED_NOTES``)
    # what it costs: a riichi game's, a reverse mangan, depends on who deals (the table the form was drawn with)
    paid = chombo_payments(game, offender, players, rules, dealer=dealer)
    note = t("chombo_note", penalty=f"{sum(paid.values()):,}")
    _change("chombo", match_id, seen, last, lambda: resources.ledger().add_chombo(
        match_id, offender, paid, note=note, expected_hands=seen, expected_last=last))


def _chombo_form(game: Game, match: Match, seats: list[int], seen: int, last: str | None, at: str,
                 dealer: int = 0, unsure: bool = False) -> None:
    """Record a chombo, where the match's rules set a penalty for one (the game's ``[chombo]`` when it started: an
    edit of the house table since changes no match under way): who declared it; what it costs is said from those
    rules before it is recorded. ``unsure``: the phone chose no match and another is under way: the button waits,
    as Undo does (``_other_under_way_said``)."""
    try:
        penalty = chombo_penalty(game, match.rules)
        split = chombo_payments(game, 0, len(seats), match.rules) if penalty else {}
    except TilelensInputError as exc:  # a house table whose rules cannot be read: said, the rest of the page kept
        st.error(error_said(exc))
        return
    if not penalty:  # the rules set none (riichi mahjong's, RULES.md 002; Cinderella Girls', Yokai Watch's): said,
        # not left for a scorer to seek on one page and not another; a Donjara game's in its own words (ペナルティ)
        st.caption(chombo_none_said(game, match.rules))
        return
    # each fold a key: a language switch renames it, and a fold without one was drawn anew, closed
    with st.expander(t("record_chombo"), key=f"ledger_chombo_fold_{at}"), st.form(f"ledger_chombo_{at}", border=False):
        st.selectbox(t("chombo_player"), seats, index=None, format_func=match.players.__getitem__,
                     key=f"ledger_chombo_offender_{at}", placeholder=t("choose"))
        if game.engine == "riichi":  # a reverse mangan: what a player pays depends on who deals
            st.caption(ledger_view.chombo_rule_riichi(penalty, units_of(match), len(seats)))
        else:  # riichi chips go back only where a riichi puts one down (a house table's in Cinderella Girls: none)
            st.caption(game_t("chombo_rule" if match.rules.riichi_chip else "chombo_rule_no_chips", game,
                              penalty=f"{penalty:,}",
                              unit=units_of(match)[lang()],  # the game's, in the page's language: 300点, 300 points
                              shares=" + ".join(f"{a:,}" for a in sorted(split.values(), reverse=True))))
        st.form_submit_button(t("record_chombo"), on_click=_record_chombo, disabled=unsure,
                              args=(game, match.rules, match.id, len(seats), seen, last, at, dealer))
        if unsure:
            st.caption(t("record_choose_first"))


# The uma a club picks from on the New match form (in thousands, first place to last): 4 players' usual ones, then 3
# players' (a match takes an uma of as many places as it has players: ``tilelens.ledger._check_match_options``)
UMA_CHOICES = ((), (10, 5, -5, -10), (15, 5, -5, -15), (20, 10, -10, -20), (30, 10, -10, -30), (15, 0, -15),
               (20, 0, -20))


def _match_options(game: Game, rules: TableRules, newest: Match | None = None) -> tuple[TableRules, str | None]:
    """The New match form's riichi options, each box starting at those of the game's newest match (``newest``: a
    club's second hanchan is played as its first), else at the game's ``[table]`` (none by default), said where they
    come from a match: the uma, the return points (oka to the top above the starting points) and who the riichi
    sticks left at the end go to. Where the table has changed since the newest match started (``table_changed``: the
    organiser saved a new uma mid-season), they start at the table in use's, said so where the newest match's differ.
    With them, why the match cannot start with them (return points below the starting points, typed in thousands as
    the uma is: said in the app's words, not Streamlit's range message), else None."""
    start = rules
    try:
        changed = newest is not None and table_changed(newest, game)
    except TilelensInputError:  # a table whose mark cannot be made: taken as the newest match's
        changed = False
    taken = (newest.rules.uma, newest.rules.return_points, newest.rules.leftover_sticks) if newest else None
    if newest is not None and not changed and (newest.rules.return_points is None
                                               or newest.rules.return_points >= rules.start_points):
        rules = replace(rules, uma=taken[0], return_points=taken[1], leftover_sticks=taken[2])
    choices = UMA_CHOICES if rules.uma in UMA_CHOICES else (*UMA_CHOICES, rules.uma)  # a game's own uma offered too
    if _usual_table(game) == 3:  # a 3-player game's table: its players' uma first
        choices = ((), *(u for u in choices if len(u) == 3), *(u for u in choices if len(u) not in (0, 3)))
    none, words = t("uma_none"), {w: t(f"leftover_{w}") for w in LEFTOVER_STICKS}  # fixed now: ``format_func`` may

    def uma_said(uma: tuple[int, ...]) -> str:  # be called later
        return " / ".join(score_said(n * 1000) for n in uma) if uma else none

    # each box given its choice, in the new words after a language switch (``keep_choice``)
    keep_choice(f"ledger_uma_{game.id}", choices, rules.uma, words=uma_said)
    uma = st.selectbox(t("uma_box"), choices, key=f"ledger_uma_{game.id}", format_func=uma_said, help=t("uma_help"))
    back = st.number_input(t("return_box"), step=1000,  # no min_value: below the start is said in our words
                           value=rules.return_points if rules.return_points is not None else rules.start_points,
                           key=f"ledger_return_{game.id}", help=t("return_help"))
    keep_choice(f"ledger_leftover_{game.id}", LEFTOVER_STICKS, rules.leftover_sticks, words=words.__getitem__)
    leftover = st.selectbox(t("leftover_box"), LEFTOVER_STICKS, key=f"ledger_leftover_{game.id}",
                            format_func=words.__getitem__)
    if rules != start:  # taken from the newest match: said, so that a different evening's start is changed on purpose
        st.caption(t("options_from_match", id=newest.id))
    elif changed and taken != (rules.uma, rules.return_points, rules.leftover_sticks):  # not the newest's: said why
        st.caption(t("options_from_table", id=newest.id))
    # the starting points returned, where the game set no return points: no oka, as the game has it
    if back < rules.start_points:
        return replace(start, uma=tuple(uma), leftover_sticks=leftover), t(
            "return_too_low", got=f"{int(back):,}", start=f"{rules.start_points:,}")
    back = None if back == rules.start_points and rules.return_points is None else int(back)
    return replace(start, uma=tuple(uma), return_points=back, leftover_sticks=leftover), None


def _riichi_column(game: Game, match: Match) -> bool:
    """Whether the hands table says who declared riichi: not where that tells nothing (Cinderella Girls: a riichi
    before every win, and no chip for it). A house table whose rules cannot be read keeps the column."""
    try:
        return riichi_tells(game, match.rules)
    except TilelensInputError:
        return True


def error_said(exc: TilelensInputError) -> str:
    """``exc`` in the screen's language (``i18n.error_text``), the ledger file in it named as ``visitor.said_in`` names
    it: whole on the computer running the app, short to a phone (the ledger's messages name its file whole: a damaged
    match, a file that is no ledger)."""
    return said_in(error_words(exc), settings.ledger_path(), whole=True)


def _removed_game_name(game_id: str) -> str:
    """The name of a game removed in the app (``settings.remove_game`` keeps its file under ``games/_removed/``),
    in the screen's language, followed by its id in brackets (the id `tilelens ledger list` names it by, and the
    one to add again), as the game picker follows a name two games share with it; the id alone where no kept file
    of it can be read. The file is the ledger's (:func:`tilelens.ledger.removed_game`, the latest removal first), the
    one its notes and units are read by: the page globbed its own, and named a match by a kept file of another id."""
    game = removed_game(game_id)
    if game is None:
        return game_id
    name = (game.name_ja if lang() == "ja" else game.name_en) or game.name_ja
    return f"{name} [{game_id}]" if name and name != game_id else game_id


def _other_match_said(game: Game, asked: int | None, readable: list[Match]) -> None:
    """A link (a reload, or one shared by another phone) naming a match of another game: said, with the game to
    choose, unless this session has shown that match (the person chose another game since)."""
    other = next((m for m in readable if m.id == asked and m.game_id != game.id), None)
    if other is None or st.session_state.get(chosen_match_key(other.game_id)) == other.id:
        return
    if other.game_id not in settings.games():  # its game removed: no game to choose, it is listed below
        st.info(t("address_match_orphan", id=other.id, game=as_typed(_removed_game_name(other.game_id))))
        return
    try:
        game_name = name_of(resources.game(other.game_id))
    except TilelensInputError:  # its house table no longer loads: the game's id
        game_name = other.game_id
    st.info(t("address_match_other_game", id=other.id, game=game_name))


def _move_aside(path: str, mark: str | None) -> None:
    """Keep the ledger file that is no ledger under another name beside it (nothing deleted): a new ledger starts
    in its place; the page says where the old one went (until OK). Only the file the message was shown for
    (``mark``): a tap on a phone still showing it after another phone moved it and started a new ledger is refused."""
    try:
        st.session_state["ledger_moved"] = str(move_aside(path, expected=mark))
    except TilelensInputError as exc:  # moved by another phone (a new ledger there now), a folder not writable
        st.session_state["ledger_move_error"] = error_said(exc)


def _way_forward(exc: TilelensInputError) -> None:
    """Under the message of a ledger file that is no ledger (damaged, another kind of file, a folder): the button
    that keeps it under another name and starts a new ledger."""
    if isinstance(exc, LedgerFileError):
        st.caption(t("ledger_move_aside_help"))  # above its button: a tooltip reaches no phone or screen reader
        st.button(t("ledger_move_aside"), key="ledger_move_aside", on_click=_move_aside,
                  args=(str(exc.path), file_mark(exc.path)))
        if error := st.session_state.pop("ledger_move_error", None):
            st.error(error)


def _same_waiting(ledger, game: Game, names: list[str], readable: list[Match]) -> int | None:
    """A match of ``game`` with these players that has no hand yet, started longer ago than a double tap (that one
    ``new_match`` takes as the same start, without a word): its id, None for none, and None while any of them was
    started within a double tap (the second half of the tap that started another after the warning)."""
    players = tuple(n.strip() for n in names)
    same = [m for m in readable if m.game_id == game.id and m.players == players]
    if any(time.time() - m.created < ledger_view.START_AGAIN_S for m in same):
        return None  # one just started (a double tap's second half): new_match takes it as that start, no warning
    for m in same:
        try:
            if ledger.count_and_last(m.id)[0] == 0:
                return m.id
        except TilelensInputError:
            return None
    return None


def _matches_of_unreadable_table(ledger, matches: list[Match]) -> None:
    """The matches of a game whose house table cannot be read (said above, by the game picker): still listed, with
    their totals (from the rules each match kept), not hidden as if there were none."""
    rows = []
    for m in matches:
        try:
            state = ledger.state(m.id)
            totals = list_sep().join(f"{as_typed(name)} {total:,}" for name, total in zip(m.players, state.totals))
            played = state.played
        except TilelensInputError as exc:
            totals, played = error_said(exc), None
        rows.append({t("match"): f"#{m.id}", t("col_players"): list_sep().join(map(as_typed, m.players)),
                     t("col_hands"): played, t("totals"): totals})
    st.info(t("house_unreadable_matches"))
    for line in ledger_view.kept_tables_said(matches):
        st.caption(line)
    st.dataframe(rows, hide_index=True, key="ledger_unreadable_table_matches")


def _delete_match(game_id: str, match_id: int, names: str, seen: int, last: str | None) -> None:
    """Delete the match shown (its box ticked), kept in the session to bring back (``ledger_deleted``)."""
    if not st.session_state.get(f"ledger_delete_sure_{match_id}"):
        return
    deleted = []
    _change("delete", match_id, seen, last, lambda: deleted.append(resources.ledger().delete_match(
        match_id, expected_hands=seen, expected_last=last)))
    if deleted:  # each one deleted in this session can come back, the latest first
        st.session_state["ledger_deleted"] = [*st.session_state.get("ledger_deleted", []),
                                              {"game": game_id, "names": names, "match": deleted[0]}]
        st.session_state.pop(f"ledger_delete_sure_{match_id}", None)  # brought back: not ticked again
        st.session_state.pop(chosen_match_key(game_id), None)
        st.session_state.pop(f"ledger_match_{game_id}", None)
        st.query_params.pop("match", None)


def _deleted_of(game_id: str) -> list[dict]:
    """The matches of ``game_id`` this session deleted and has not brought back, the latest first."""
    return [d for d in reversed(st.session_state.get("ledger_deleted", [])) if d["game"] == game_id]


def _undelete(game_id: str, match_id: int) -> None:
    """Bring back the match of ``game_id`` this session deleted (``match_id``, the one its button named: a second tap
    of a double tap, on a button of one brought back already, brings back no other), as it was, and show it: under a
    new number where its own is taken (a new ledger started in the file's place since)."""
    deleted = next((d for d in _deleted_of(game_id) if d["match"].id == match_id), None)
    if deleted is None:
        return
    try:
        back = resources.ledger().restore_match(deleted["match"])
    except TilelensInputError as exc:
        st.session_state["ledger_error"] = error_said(exc)
        return
    st.session_state["ledger_deleted"] = [d for d in st.session_state.get("ledger_deleted", []) if d is not deleted]
    st.session_state[chosen_match_key(game_id)] = back
    st.session_state.pop(f"ledger_match_{game_id}", None)
    st.query_params["match"] = str(back)
    st.session_state["ledger_restored"] = (back, deleted["match"].id)


def _deleted_said(game_id: str) -> None:
    """The matches this session deleted: each said, with a button for each that brings it back (named; the latest
    first: two deleted by one merge, deleted on the other laptop, are each said with theirs); a match brought back,
    once (under which number, where its own was taken)."""
    if restored := st.session_state.pop("ledger_restored", None):
        back, old = restored
        st.success(t("match_restored", id=back) if back == old else t("match_restored_as", id=back, old=old))
    deleted = _deleted_of(game_id)
    if deleted:
        st.success(" ".join(t("match_deleted", id=d["match"].id, names=d["names"]) for d in deleted))
        for n, gone in enumerate(deleted):  # the latest's key as ever; each other one's by its place
            st.button(t("match_back_id", id=gone["match"].id), key="ledger_undelete" if n == 0 else
                      f"ledger_undelete_{n}", on_click=_undelete, args=(game_id, gone["match"].id))


def _rename_form(match: Match) -> None:
    """Correct a player's name (a typo kept for ever): the seat and its hands stay; the page is drawn again with
    the new name everywhere. A refusal (an empty name, another player's) is said in the form."""
    with st.expander(t("rename_player"), key=f"ledger_rename_fold_{match.id}"), \
            st.form(f"ledger_rename_{match.id}", border=False):
        seat = st.selectbox(t("rename_who"), range(len(match.players)), format_func=match.players.__getitem__,
                            key=f"ledger_rename_old_{match.id}")
        new = st.text_input(t("rename_new"), key=f"ledger_rename_new_{match.id}")
        st.caption(t("rename_help"))
        if st.form_submit_button(t("rename_button")):
            old = match.players[seat]
            try:
                resources.ledger().rename_player(match.id, old, new)
            except TilelensInputError as exc:
                st.error(error_said(exc))
            else:
                st.session_state["ledger_renamed"] = (old, new.strip())
                st.rerun()


def _orphan_matches(ledger, readable: list[Match], asked: int | None) -> None:
    """The matches of games the app no longer offers (a game added in the app, then removed: its matches stay in the
    ledger, and were reached only by `tilelens ledger show`): listed by their game's id, as `tilelens ledger list`
    names such a game, and the one chosen (or named in the address) shown, its totals, places and hands, and offered
    as CSV. No hand can be recorded in them: their game is gone."""
    offered = set(settings.games())
    orphans = [m for m in readable if m.game_id not in offered]
    if not orphans:
        return
    ids = [m.id for m in orphans]
    sep = list_sep()
    names = {g: _removed_game_name(g) for g in {m.game_id for m in orphans}}
    with st.expander(t("orphan_matches", n=len(orphans)), expanded=asked in ids):
        st.caption(t("orphan_help"))
        # given again: its words after a language switch
        keep_choice("ledger_orphan_match", orphans, orphans[ids.index(asked) if asked in ids else 0])
        match = st.selectbox(t("match"), orphans, key="ledger_orphan_match", format_func=lambda m: t(
            "orphan_option", id=m.id, game=names[m.game_id], names=sep.join(m.players)))
        try:  # the table, its hands and the CSV from one reading, as for a match of the game chosen
            state, hands = ledger.table(match)
            table = hands_table(match, hands, state) if hands else None
            data = csv_bytes(match_csv(match, hands, state))
        except TilelensInputError as exc:
            st.error(error_said(exc))
            return
        except (IndexError, KeyError, TypeError, ValueError) as exc:  # a seat not at the table (a file edited)
            st.error(t("match_unreadable", id=match.id, path=said_path(ledger.path), err=exc))
            return
        units = units_of(match)  # the unit it was started in
        st.markdown(f"**{t('totals')}**: " + sep.join(
            f"{as_typed(name)} {amount_in(total, units, lang())}" for name, total in zip(match.players, state.totals)))
        if state.ended:
            st.warning(t("ended", why=end_said(match, state, lang())))
            final_standings(match, state)
        elif places := ledger_view.places_said(match, state):
            st.caption(places)
        if table is not None:
            st.dataframe(table, hide_index=True, key="ledger_orphan_hands")
        st.download_button(t("export_csv"), data, file_name=csv_file_name(match.id), mime="text/csv",
                           key="ledger_orphan_csv", on_click="ignore")


def _signed(amount: int | None) -> str | None:
    """A result as Tonight's totals says it: +35, -188, 0; None (the table's dash) for a match not played."""
    return None if amount is None else f"{amount:+,}" if amount else "0"


TONIGHT_PICKS = "ledger_tonight_picks"  # per game: the matches the person ticked ("in") and unticked ("out")
TONIGHT_SHOWN = "ledger_tonight_shown"  # per game: the matches Tonight's totals showed ticked last


def _tonight_ticked(game_id: str) -> None:
    """A callback: the matches ticked or unticked in Tonight's totals since it was drawn, kept as the person's."""
    now = set(st.session_state.get(f"ledger_tonight_{game_id}") or ())
    was = set(st.session_state.get(TONIGHT_SHOWN, {}).get(game_id) or ())
    picks = st.session_state.setdefault(TONIGHT_PICKS, {}).setdefault(game_id, {"in": set(), "out": set()})
    for i in now - was:
        picks["in"].add(i)
        picks["out"].discard(i)
    for i in was - now:
        picks["out"].add(i)
        picks["in"].discard(i)


def _tonight(game: Game, matches: list[Match], read: dict, ledger: Ledger) -> date | None:
    """Tonight's totals: the matches of ``game`` to add up (those with a hand of the newest one's evening ticked: an
    evening runs to 5 in the morning; the person's ticks and unticks kept, ``TONIGHT_PICKS``; a match of the evening
    not ticked said), and a row per player, the highest total first: the total, the matches they played, then their
    result in each match (its total at the end, or now, less its starting points; a dash where they did not play), in
    the game's unit. On a phone the player and the total stay in view, pinned, while the matches' columns scroll. Shown
    where the game has a match with a hand, or two matches, that can be read (``read``: ``Ledger.tables`` of them): an
    evening of one match shows its results. A match two laptops recorded differently, kept twice by a merge
    (:func:`tilelens.ledger.recorded_twice`), is ticked once (the other record not, the same one on every laptop), the
    pair said under the totals, and so is a player another laptop's record of a ticked match calls otherwise
    (:meth:`tilelens.ledger.Ledger.named_there`), as `tilelens ledger totals` says them. The evening shown (None:
    none), for its other games' matches to be named."""
    # newest first, as the match picker and `tilelens ledger list` list them
    played = by_start([m for m in matches if isinstance(read.get(m.id), tuple)])
    if not played or (len(played) < 2 and not read[played[0].id][0].hands):
        return None
    by_id = {m.id: m for m in played}
    when = {m.id: when_said(m.created, lang()) for m in played}  # as the merge's summary says a start
    twice = recorded_twice(played)  # another record of a match here (kept by a merge): not ticked with it, said so
    labels = {m.id: t("tonight_option", id=m.id, when=when[m.id]) for m in played}  # words fixed now
    labels.update({i: t("match_option_copy", match=labels[i], first=first) for i, first in twice.items()})
    tonight = evening_matches([m for m in played if read[m.id][0].hands])
    evening = [m.id for m in reversed(tonight)]
    evening = [i for i in evening if twice.get(i) not in evening]
    key = f"ledger_tonight_{game.id}"
    picks = st.session_state.setdefault(TONIGHT_PICKS, {}).setdefault(game.id, {"in": set(), "out": set()})
    # the person's ticks, per game, over the evening's matches worked out now: kept across pages (the box's own key
    # is forgotten with the page), and a match of the evening started since (on another device) ticked as it appears
    st.session_state[key] = [i for i in by_id if (i in evening or i in picks["in"]) and i not in picks["out"]]
    st.session_state.setdefault(TONIGHT_SHOWN, {})[game.id] = st.session_state[key]
    day = evening_of(tonight[-1].created) if tonight else None
    st.subheader(_totals_heading([by_id[i] for i in st.session_state[key]], day), anchor=False)
    chosen = st.multiselect(t("tonight_matches"), list(by_id), key=key, on_change=_tonight_ticked, args=(game.id,),
                            format_func=lambda i: labels.get(i, f"#{i}"), help=t("tonight_matches_help"),
                            placeholder=t("choose"))
    if not chosen:
        st.caption(t("tonight_none"))
        return day
    if left_out := [i for i in evening if i not in chosen]:  # never silently out of the total
        st.caption(t("tonight_unticked_one" if len(left_out) == 1 else "tonight_unticked", n=len(left_out),
                     ids=list_sep().join(f"#{i}" for i in left_out)))
    try:
        totals = evening_totals([(by_id[i], read[i][0]) for i in chosen])
    except TilelensInputError as exc:  # matches in different units (a table's unit changed mid-evening)
        st.error(error_said(exc))
        return day
    player, total, played = t("player"), t("total"), t("tonight_played")
    columns = [f"#{m.id}" for m in totals.matches]  # in the order they were played
    if totals.scored:  # a match with uma or oka: every result its final score, in thousands as a club writes them
        k = len(columns) + 1  # (+55), every one with as many decimals (-41.0 beside +60.1)
        flat = scores_said([n for p in totals.players for n in (p.total, *p.nets)])
        cells = [flat[i * k:(i + 1) * k] for i in range(len(totals.players))]
    else:
        cells = [[_signed(n) for n in (p.total, *p.nets)] for p in totals.players]
    rows = [{player: p.name, total: row[0], played: p.played, **dict(zip(columns, row[1:]))}
            for p, row in zip(totals.players, cells)]
    sep = list_sep()

    def width(column: str) -> int:  # as wide as its longest figure or name (about 7 px a character, and the padding)
        return max(48, 20 + 7 * max(len(str(row[column] or "")) for row in [{column: column}, *rows]))

    config = {player: st.column_config.TextColumn(pinned=True),
              total: st.column_config.TextColumn(pinned=True, alignment="right", width=width(total)),
              # the matches each played, beside the total as the command's table says it (not pinned: a phone's room)
              played: st.column_config.NumberColumn(width=width(played))}

    def column_said(m: Match) -> str:  # "Match #3 · 7 Dec 19:30 · Ann, Bo, Cy", one ended early said so
        said = t("tonight_match_help", id=m.id, when=when[m.id], names=sep.join(map(as_typed, m.players)))
        return f"{said} · {why}" if (why := ledger_view.early_end_said(read[m.id][0])) else said

    config.update({c: st.column_config.TextColumn(alignment="right", width=width(c), help=column_said(m))
                   for c, m in zip(columns, totals.matches)})
    st.caption(t("tonight_what_scored") if totals.scored
               else t("tonight_what", unit=totals.units.get(lang()) or totals.units.get("en", "")))
    if totals.scored and (plain := [m.id for m in totals.matches if not has_final_score(m.rules)]):
        # a match without uma or oka added to final scores: its results (total - start) ÷ 1,000, said
        scored = [m.id for m in totals.matches if m.id not in plain]
        st.caption(t("tonight_mixed_one" if len(plain) == 1 else "tonight_mixed",
                     ids=sep.join(f"#{i}" for i in plain), scored=sep.join(f"#{i}" for i in scored)))
    if totals.scored and (umas := umas_said(totals, lang())):  # final scores of other uma (oka) added up: each
        st.caption(umas)  # match's said, as `tilelens ledger totals` says them
    st.dataframe(rows, hide_index=True, key=f"ledger_tonight_table_{game.id}",
                 column_order=[player, total, played, *columns], column_config=config, placeholder="–")
    # each match's column, its time and players, in words a screen reader reaches (the tooltip alone it did not)
    st.caption(t("tonight_columns", matches=(" / " if lang() == "ja" else "; ").join(map(column_said, totals.matches))))
    if totals.on_tables:  # as `tilelens ledger totals` says them: the results add up to minus them
        st.caption(game_t("tonight_on_tables", game, sum=amount_in(-sum(pot for _, pot in totals.on_tables),
                                                                    totals.units, lang()),
                          pots=sep.join(f"#{i} " + _pot_said(by_id[i], pot, totals.units)
                                        for i, pot in totals.on_tables)))
    if totals.look_alike:  # each name's matches, to rename it in each
        where = t("tonight_where_sep").join(t("tonight_where", name=as_typed(name), ids=t("tonight_ids_sep").join(
            f"#{i}" for i in totals.matches_of(name))) for group in totals.look_alike for name in group)
        st.caption(t("tonight_look_alike", names=sep.join(
            " / ".join(map(as_typed, group)) + alike_space_said(group, lang())
            for group in totals.look_alike), where=where))  # a full-width space, which no page shows, said
    _named_there_said(ledger, totals)
    # the standings as a CSV, the file `tilelens ledger totals --csv --out` writes
    st.download_button(t("tonight_export"), csv_bytes(totals_csv(totals, {i: read[i][0] for i in chosen})),
                       file_name=totals_file_name(totals), mime="text/csv", key=f"ledger_tonight_csv_{game.id}",
                       on_click="ignore")
    for copy, first in sorted(twice.items()):  # one match kept twice by a merge: never silently counted twice
        if copy in chosen and first in chosen:
            st.warning(t("tonight_twice_both", first=first, copy=copy))
        elif copy in chosen or first in chosen:
            st.warning(t("tonight_twice_out", first=first, copy=copy, out=first if copy in chosen else copy))
    return day


def _named_there_said(ledger: Ledger, totals) -> None:
    """Under Tonight's totals: each player of its matches whom another laptop's record of that match calls by the name
    of another player of these totals (renamed there, Fumj to Fumi: two players here), with how to rename them here,
    as `tilelens ledger totals` notes them (:meth:`tilelens.ledger.Ledger.named_there`); a name there that no player
    of these totals has splits nothing, and is not said."""
    try:
        there = ledger.named_there(totals.matches)
    except TilelensInputError:  # a file busy or replaced: said where a match is read
        return
    for match_id, here, other in named_there_pairs(totals, there):
        st.caption(t("tonight_named_there", here=as_typed(here), there=as_typed(other), id=match_id))


def _totals_heading(ticked: list[Match], tonight: date | None) -> str:
    """The heading of the totals: "Tonight's totals", or the evenings the ``ticked`` matches span where more than one
    ("Totals of 3 evenings (20 Nov to 4 Dec)"), or the one evening where it is not the newest (``tonight``)."""
    days = sorted({evening_of(m.created) for m in ticked})

    def said(day: date) -> str:  # an evening as the page says a day (noon: no evening runs to it)
        return when_said(time.mktime(day.timetuple()) + 12 * 3600, lang(), hour=False)

    if len(days) > 1:
        return t("tonight_evenings", n=len(days), first=said(days[0]), last=said(days[-1]))
    if days and tonight is not None and days[0] != tonight:
        return t("tonight_evening", day=said(days[0]))
    return t("tonight")


def _show_game(game_id: str, match_id: int) -> None:
    """A callback: the game picker set to ``game_id`` (as the person's choice), its match ``match_id`` shown."""
    st.session_state[GAME_KEY] = game_id
    st.session_state[GAME_PICKED_KEY] = True
    st.session_state[chosen_match_key(game_id)] = match_id
    st.session_state.pop(f"ledger_match_{game_id}", None)
    st.query_params["match"] = str(match_id)


def _games_of(matches: list[Match]) -> dict[str, list[int]]:
    """The ids of ``matches`` by game, the games (and the ids) in the order played; only the games the picker
    offers."""
    offered = set(settings.games())
    by_game: dict[str, list[int]] = {}
    for m in sorted(matches, key=lambda m: (m.created, m.id)):
        if m.game_id in offered:
            by_game.setdefault(m.game_id, []).append(m.id)
    return by_game


def _other_games_tonight(ledger, game: Game, readable: list[Match], day) -> None:
    """Under Tonight's totals: the matches with a hand of the evening shown (``day``) of the other games, not added up
    here (as `tilelens ledger totals` names them), each game with a button that shows its matches."""
    if day is None:
        return
    others = [m for m in readable if m.game_id != game.id and evening_of(m.created) == day]
    try:
        read = ledger.tables(others)
    except TilelensInputError:  # a file busy or replaced: said where a match of that game is read
        return
    by_game = _games_of([m for m in others if isinstance(read.get(m.id), tuple) and read[m.id][0].hands])
    if not by_game:
        return
    names, sep = settings.game_labels(lang()), list_sep()
    st.caption(t("tonight_other_games", games=t("games_sep").join(
        f"{sep.join(f'#{i}' for i in ids)} {as_typed(names[g])}" for g, ids in by_game.items())))
    for g, ids in by_game.items():
        st.button(t("show_game", game=names[g]), key=f"ledger_show_game_{g}", on_click=_show_game, args=(g, ids[-1]))


def _pot_said(match: Match, pot: int, units: dict) -> str:
    """A table's sticks in Tonight's totals as the match's page says its pot (``sticks_said``, every game alike): a
    riichi game's in points and sticks (「1,000点 (1本)」), a Donjara game's in the unit and chips (「20点 (2枚)」), as
    `tilelens ledger totals` says them."""
    return sticks_said(pot, match.rules.riichi_chip, engine_of(match), lang(), units)


MERGE_SAID = "ledger_merge_said"  # what the last Add of another laptop's ledger did, said once in its section


def _merge_file_key() -> str:
    """The uploader of another laptop's ledger: a fresh, empty one after each file added."""
    return f"ledger_merge_file_{st.session_state.get('ledger_merge_n', 0)}"


def _merge(file_key: str, game_id: str | None = None) -> None:
    """Add the ledger file chosen in the uploader ``file_key`` to this ledger (``tilelens.ledger_merge``): its
    summary kept to say (``MERGE_SAID``), a refusal in one line naming the file as chosen. ``game_id``: the game
    shown, whose page has the Bring back buttons of the matches the merge deleted (another game's: said where)."""
    upload = st.session_state.get(file_key)
    if upload is None:
        st.session_state[MERGE_SAID] = ("error", [t("merge_choose")], [], {})
        return
    try:
        report = merge_upload(settings.ledger_path(), upload.name, upload.getvalue())
    except TilelensInputError as exc:
        st.session_state[MERGE_SAID] = ("error", [error_said(exc)], [], {})
        return
    except Exception as exc:  # noqa: BLE001 - a problem the merge did not expect: one line, not a traceback (the
        # merge is one transaction: this ledger as it was); the traceback goes to the app's log
        import traceback

        from tilelens.ledger_merge import merge_failed

        traceback.print_exc()
        st.session_state[MERGE_SAID] = ("error", [merge_failed(upload.name, exc, lang())], [], {})
        return
    # a hand taken out here (undone on the other laptop), or one kept that was undone there: a change to check
    level = "warning" if report.conflicts or report.left_out or report.twice or report.deleted_there or any(
        m.taken_out or m.undone_kept for m in (*report.already, *report.extended)) else "success"
    for gone in report.removed:  # deleted on the other laptop, so here: brought back as one deleted here
        st.session_state["ledger_deleted"] = [*st.session_state.get("ledger_deleted", []), {
            "game": gone.match_row.get("game_id"), "match": gone,
            "names": list_sep().join(map(as_typed, next((m.players for m in report.deleted_there
                                                         if m.ours == gone.id), ())))}]
    # the matches that came in (added, kept twice, brought up to date), by game: those of another game than the one
    # shown are said with the way to them (the page lists one game's matches)
    came = {m.ours: m for m in (*report.added, *report.conflicts, *report.extended)}
    games = {}
    for m in sorted(came.values(), key=lambda m: m.ours):
        games.setdefault(m.game_id, []).append(m.ours)
    st.session_state[MERGE_SAID] = (level, merge_summary(report, lang(), path_said=said_path, on_page=True,
                                                         phone=not is_local_visitor(), game=game_id,
                                                         offered=set(settings.games())),
                                    [error_said(exc) for exc in report.left_out], games)
    st.session_state["ledger_merge_n"] = st.session_state.get("ledger_merge_n", 0) + 1


def _ledger_file_said(ledger) -> None:
    """Which file the ledger is: named short to the person at the laptop, its full path in the caption's help; to a
    phone, which can act on no path of the laptop, where it is kept in words (its download is below)."""
    if is_local_visitor():
        st.caption(t("ledger_file_is", path=said_path(ledger.path)), help=path_help(ledger.path))
    else:
        st.caption(t("ledger_file_away"))


def _download_ledger(ledger) -> None:
    """The ledger file to download, as it is (to be added on the laptop that adds up the evening: "Add another
    laptop's ledger" there), in words that hold on a phone too (the file is the laptop's running the app); nothing
    before the first match made the file."""
    if ledger.path.is_file():  # where to add it said above the button: a tooltip reaches no phone or screen reader
        st.caption(t("merge_download_help"))
        st.download_button(t("merge_download"), lambda: ledger_file_bytes(ledger.path), file_name=download_name(),
                           mime="application/vnd.sqlite3", key="ledger_download_file", on_click="ignore")


def _merge_panel(ledger, game: Game | None) -> None:
    """Another laptop's ledger added to this one (two tables, one evening): where its file is on that laptop (this
    laptop's own file is downloaded under "Where the ledger is kept"), the uploader and its Add, and what the last
    Add did (its matches added, already here, kept twice; those that cannot be read; the matches of another game
    than ``game``, shown, said with a button to that game)."""
    said = st.session_state.pop(MERGE_SAID, None)
    with st.expander(t("merge_title"), expanded=said is not None):
        where = t("merge_where" if is_local_visitor() else "merge_where_away")  # a phone: no folder, no setting
        st.caption(t("merge_help"), help=where)
        key = _merge_file_key()
        uploader_words(key, ["sqlite", "sqlite3", "db"])
        st.file_uploader(t("merge_file"), type=["sqlite", "sqlite3", "db"], key=key, help=where)
        st.button(t("merge_button"), key="ledger_merge", on_click=_merge, args=(key, game.id if game else None))
        if said is None:
            return
        level, lines, left_out, games = said
        with st.container(key="ledger_merge_said"):
            getattr(st, level)(as_typed(lines[0]) if level != "error" else lines[0])
            if lines[1:]:  # a line per match added, brought up to date or kept twice, and the ledger file
                st.markdown("\n".join(f"- {as_typed(line.strip())}" for line in lines[1:]))
            for error in left_out:
                st.warning(error)
            names, sep, offered = settings.game_labels(lang()), list_sep(), set(settings.games())
            for game_id, ids in games.items():  # another game's matches: not in this game's picker nor totals
                if game is not None and game_id == game.id:
                    continue
                if game_id not in offered:  # a game not on this laptop: no game to choose, the Rules page adds it
                    st.info(t("merge_no_game_one" if len(ids) == 1 else "merge_no_game",
                              ids=sep.join(f"#{i}" for i in ids), game=as_typed(_removed_game_name(game_id))))
                    continue
                st.info(t("merge_other_game_one" if len(ids) == 1 else "merge_other_game",
                          ids=sep.join(f"#{i}" for i in ids), game=as_typed(names[game_id])))
                st.button(t("show_game", game=names[game_id]), key=f"ledger_merge_show_{game_id}",
                          on_click=_show_game, args=(game_id, ids[-1]))


PICKER_RECENT = 30  # the match picker's latest matches (with the newest evening's); a switch lists them all


def _picker_listed(matches: list[Match], showing: int, copies: dict[int, int]) -> set[int]:
    """The ids the match picker lists while its switch for all is off: the ``PICKER_RECENT`` matches started last,
    every one of the evening the newest started in (:func:`tilelens.ledger.evening_of`), the one ``showing``, and the
    first record of any listed match kept twice (``copies``: :func:`tilelens.ledger.recorded_twice`), so a club's
    year of 721 matches is not a picker of 721 lines built on every tap."""
    def started(m: Match) -> float:  # as ``newest_match`` reads a start (a file edited by hand: 0)
        return float(m.created) if isinstance(m.created, (int, float)) and not isinstance(m.created, bool) else 0.0

    def evening(m: Match) -> date | None:
        try:
            return evening_of(started(m))
        except (OverflowError, OSError, ValueError):  # a start no date holds
            return None

    latest = by_start(matches)  # as the picker lists them
    listed = {m.id for m in latest[:PICKER_RECENT]} | {showing}
    if latest and (newest := evening(latest[0])) is not None:  # the newest first: that evening's come first
        for m in latest[PICKER_RECENT:]:
            if evening(m) != newest:
                break
            listed.add(m.id)
    return listed | {copies[i] for i in listed if i in copies}


def _remember_match(game_id: str) -> None:
    """The match just chosen, into the address: a reload (a phone restoring its tab) shows it again."""
    st.query_params["match"] = str(st.session_state[f"ledger_match_{game_id}"].id)
    st.session_state.pop(defaulted_match_key(game_id), None)  # chosen (``_other_under_way_said``)


def _other_under_way_said(ledger: Ledger, match: Match, matches: list[Match], read: dict) -> bool:
    """Below the match picker, where the phone chose no match and the page shows the newest while another match of
    the game is under way (``defaulted_match_key``; of the newest evening: ``Ledger.others_under_way``, from the
    matches and tables this run read): which match this is, the others named, and a button to switch to each (the
    newest ``SWITCH_MOST``, the rest said by count) or to keep this one; True while so (Undo waits). A phone that
    joined one of two tables opened on the other's match, and its Undo undid that table's hand."""
    if st.session_state.get(defaulted_match_key(match.game_id)) != match.id:
        return False
    others = ledger.others_under_way(match, matches, read)
    if not others:
        return False
    others_under_way_said("ledger", match, others, matches, page="ledger")  # "the newest" only of the newest
    return True


st.title(t("page_ledger"), anchor=False)
asked = match_in_address()  # read before the page puts the match it shows there
named = st.query_params.get("match") or None  # as written there: "abc" names no match either
try:  # read before the game picker is drawn: the address may name a match of another game
    ledger = resources.ledger()
    readable, unreadable = ledger.read_matches()
    unread = None
except TilelensInputError as exc:  # a ledger file that is no ledger: said under the picker, and the page stops
    unread = exc
if unread is None:
    follow_address(asked, readable)
game = game_select()
if unread is not None:
    _error_said()  # a tap's refusal before the file went wrong: said here, not kept for later
    st.error(error_said(unread))
    _way_forward(unread)
    st.stop()
if ledger.old_read_only:  # an earlier version's file that cannot be written: said up front, not only on each tap
    st.warning(t("ledger_old_view_only", path=said_path(ledger.path)))
# the file upgraded for this tilelens: said once, to the organiser on the computer running the app (a phone that
# opened the page first took it, and was told of older versions and the laptop's folders), until OK (the copy kept
# as it was)
if is_local_visitor() and (upgraded := ledger.take_upgrade_notice()) is not None:
    st.session_state["ledger_upgraded"] = str(upgraded.copy)
if upgraded_copy := st.session_state.get("ledger_upgraded"):
    st.info(t("ledger_upgraded", path=said_path(upgraded_copy)))
    st.button(t("ledger_moved_ok"), key="ledger_upgraded_ok", on_click=st.session_state.pop,
              args=("ledger_upgraded", None))
if game is None and (theirs := [m for m in readable if m.game_id == st.session_state.get(GAME_KEY)]):
    _matches_of_unreadable_table(ledger, theirs)
if moved := st.session_state.get("ledger_moved"):  # the file that was no ledger, kept under this name: said
    # until OK (in the language of the page as it is drawn)
    st.success(t("ledger_moved_aside", path=said_path(moved)))
    st.button(t("ledger_moved_ok"), key="ledger_moved_ok", on_click=st.session_state.pop, args=("ledger_moved", None))
elif not_moved := st.session_state.pop("ledger_move_error", None):  # moved first by another phone: this run opened
    st.info(not_moved)  # the new ledger; said once here, not kept to show under a damaged file met later
matches = [m for m in readable if m.game_id == game.id] if game is not None else []
damaged = [exc for game_id, exc in unreadable if game_id == game.id] if game is not None else []
for exc in damaged:  # the rest of the ledger is still kept
    st.warning(t("damaged_match", err=error_said(exc)))
if not matches:  # a tap on a match that is gone (the last of this game): said here, at once
    _error_said()
if game is not None:
    if start_said := st.session_state.pop("ledger_start_said", None):  # the start just tapped, said once
        said, said_id = start_said
        started = next((m for m in readable if m.id == said_id), None)
        if said == "same":
            st.warning(t("match_same_no_hand", id=said_id))
        elif started is not None:
            st.success(t("match_started", id=said_id, names=list_sep().join(map(as_typed, started.players))))
    _deleted_said(game.id)
    if not matches and not damaged:  # a first visit: what to do next, in one line
        if named is not None and asked not in {m.id for m in readable} and not unreadable:
            st.info(t("address_match_none", id=named))  # a link to no match: said here too
        st.info(t("no_match_yet"))
        # which file (a path mistyped): named short, as the Rules page names one; the full path in its help
        _ledger_file_said(ledger)
        _download_ledger(ledger)  # another game's matches in it: to add on another laptop
    with st.expander(t("new_match"), expanded=not matches, key="ledger_new_match_fold"):  # open through a switch
        with st.form("ledger_new", border=False):
            # empty, with an example in the screen's language for the game's usual table (a value "A, B, C, D" was
            # typed over, or started a match of A, B, C and D)
            example = list_sep().join(EXAMPLE_NAMES[lang()][:_usual_table(game)])
            names = st.text_input(t("player_names"), value="", key="ledger_names", help=t("player_names_help"),
                                  placeholder=t("names_placeholder", names=example))
            rules = rules_for(game)
            # Several ron on one discard: the game's rules either allow it, or list it as a table option.
            if rules.several_ron or "each-in-full" in multiple_ron_ways(game):
                rules = replace(rules, several_ron=st.checkbox(  # one box per game: each starts at its own rule
                    game_t("several_ron", game), value=rules.several_ron, key=f"ledger_several_ron_{game.id}",
                    help=game_t("several_ron_help", game)))
            options_problem = None
            if game.engine == "riichi":  # a club's match options: uma, oka, the sticks left at the end (off by default)
                rules, options_problem = _match_options(game, rules, max(matches, key=lambda m: (m.created, m.id),
                                                                         default=None))
            submitted = st.form_submit_button(t("start_match"), type="primary")
            if submitted and options_problem:  # no match started with options other than those shown
                st.error(options_problem)
            elif submitted:
                try:
                    players = typed_names(names)
                    same = _same_waiting(ledger, game, players, readable)
                    if same is not None and st.session_state.get("ledger_same_start") != (game.id, same):
                        # the same players' match with no hand yet: shown, said; a second tap starts another
                        st.session_state["ledger_same_start"] = (game.id, same)
                        new, said = same, "same"
                    else:
                        new = ledger.new_match(game, players, rules, again_within_s=ledger_view.START_AGAIN_S)
                        st.session_state.pop("ledger_same_start", None)
                        said = "started"
                    st.session_state["ledger_start_said"] = (said, new)
                    st.session_state[chosen_match_key(game.id)] = new  # the match just started is shown
                    st.session_state.pop(defaulted_match_key(game.id), None)  # chosen: none taken is kept
                    st.query_params["match"] = str(new)
                    st.query_params.pop(ledger_view.DEFAULTED_PARAM, None)  # chosen: a reload keeps it
                    st.session_state.pop(f"ledger_match_{game.id}", None)
                    st.rerun()
                except TilelensInputError as exc:
                    st.error(error_said(exc))
    _other_match_said(game, asked, readable)
    if matches:
        # The match shown is the one the score pages add to; it is kept while the person is on other pages,
        # and in the address, which a reload keeps (the session is new then): the one last chosen or started.
        ids = [m.id for m in matches]
        remembered = chosen_match(game.id, ids)
        try:  # which matches of the game have finished (listed last): their hands from one reading
            read = ledger.tables(matches)
        except TilelensInputError:  # a file busy or replaced: listed as they come, said where the match is read
            read = {}
        copies = recorded_twice(matches)
        order, said = ledger_view.match_options(  # by when each started, as `tilelens ledger list` lists them
            by_start(matches), [i for i, got in read.items() if isinstance(got, tuple) and got[0].ended],
            copies,  # another record of a match, kept beside it by a merge: said so
            {i: why for i, got in read.items() if isinstance(got, tuple)  # one ended early: "ended early after hand 3"
             and (why := ledger_view.early_end_said(got[0]))})
        # none chosen: the one this phone took before (another phone's match started since is not jumped to), else
        # the newest, as the score pages add to it (where it has finished, listed last)
        if remembered is not None:
            showing = remembered
        else:
            showing = taken_match(game.id, ids) or newest_match(matches).id
        if remembered is None:  # which may be another table's: said below while another is under way
            st.session_state[defaulted_match_key(game.id)] = showing
        # a game of hundreds of matches: the latest listed, the one shown always among them; a switch below for all
        picker, listed = st.container(), _picker_listed(matches, showing, copies)
        if len(listed) < len(order) and not st.toggle(t("match_all", n=len(order)), help=t(
                "match_all_help", recent=PICKER_RECENT), key=f"ledger_all_matches_{game.id}"):
            order = [m for m in order if m.id in listed]
        # given again: its words after a language switch (or the match ended since)
        keep_choice(f"ledger_match_{game.id}", order, next(m for m in order if m.id == showing))
        match = picker.selectbox(t("match"), order, key=f"ledger_match_{game.id}", format_func=said,
                                 on_change=_remember_match, args=(game.id,))
        st.session_state[chosen_match_key(game.id)] = match.id
        if named is not None and asked not in {m.id for m in readable} and not unreadable:
            st.info(t("address_match_missing", id=named, shown=match.id))  # a link to no match here: said
        # the newest taken, none chosen: marked so there, and a reload is still told (``defaulted_in_address``)
        keep_match_in_address(match.id, [m.id for m in readable],
                              defaulted=st.session_state.get(defaulted_match_key(game.id)) == match.id)
        unsure = _other_under_way_said(ledger, match, matches, read)  # the newest taken, another under way: Undo waits
        try:  # the rule said where it shows: the hands follow the table in use, the match keeps what it started with
            if table_changed(match, game):  # a finished match: no new hands, its hands and totals kept as recorded
                got = read.get(match.id)
                ended = isinstance(got, tuple) and got[0].ended
                st.info(t("table_changed_ended" if ended else
                          "table_changed_riichi" if engine_of(match) == "riichi" else "table_changed"))
        except TilelensInputError:  # a table whose mark cannot be made: nothing said
            pass
        if renamed := st.session_state.pop("ledger_renamed", None):  # a name just corrected (below), said once
            st.success(t("renamed", old=as_typed(renamed[0]), new=as_typed(renamed[1])))
        try:  # the table and its hands from one reading: the totals, the hands table and the CSV agree
            state, hands = ledger.table(match)  # the match of the reading above: its row not read again
            # drawn from that reading here: a seat not at the table (a file edited by hand) that the replay never
            # indexes, a draw's tenpai where no noten payment moves, trips the table, as the replay's do
            table = hands_table(match, hands, state, riichi=_riichi_column(game, match)) if hands else None
        except TilelensInputError as exc:  # a match whose hands were stored wrong, a file busy or replaced
            st.error(error_said(exc))
            _way_forward(exc)  # a file damaged since it was read above
            if isinstance(exc, MatchDamagedError):  # not a file busy: its last hand may be what is wrong
                _undo_damaged(match.id)
            _error_said()  # that undo refused (the table changed since)
            st.stop()
        except (IndexError, KeyError, TypeError, ValueError) as exc:  # as ``Ledger.to_csv`` catches it
            # no Python exception's name
            st.error(t("match_unreadable", id=match.id, path=said_path(ledger.path), err=exc))
            _undo_damaged(match.id)
            _error_said()
            st.stop()
        seats = list(range(len(match.players)))
        seat_name = match.players.__getitem__
        style(ledger_view.totals_css(len(seats)))  # a long name wraps, its dealer mark kept; compact on a phone
        unit = units_of(match)[lang()]  # the game's (万, points): the cards' and the table's bare numbers say none
        # the places beside the unit, in a line: the cards stay in seat order, as the players sit
        # the unit where it tells something (万, chips): 「持ち点の単位: 点」 on every 点 game told nothing
        said_unit = [] if unit in ("点", "points") else [t("totals_unit", unit=unit)]
        st.caption(" · ".join([*said_unit, *filter(None, [ledger_view.places_said(match, state)])]))
        if not state.ended and has_final_score(match.rules):  # its uma, oka, sticks while under way (once it has
            st.caption(final_score_rule_said(match.rules, len(match.players), lang()))  # ended: with the standings)
        cols = st.container(key="ledger_totals").columns(len(match.players))
        before = state.history[last_hand_start(hands)]  # a double ron's change: all of its discard's entries
        for seat, col in enumerate(cols):
            dealer_mark = f" ({t('dealer')})" if seat == state.dealer and not state.ended else ""  # none deals next
            change = state.totals[seat] - before[seat]
            # the change said as the last hand's ("↓ -40 last hand"): a bare arrow and number told no one what it was
            col.metric(f"{as_typed(seat_name(seat))}{dealer_mark}", f"{state.totals[seat]:,}",
                       delta=f"{change:+,}" if change else None,  # "+12,000": a screen reader says the sign
                       delta_description=t("last_hand_change") if change else None,
                       chart_data=ledger_view.sparkline(state, seat))  # the last 50 entries
        # riichi chips only where the match's rules put some down (a pot left by rules since changed too)
        # a riichi game's in points and sticks (「場のリーチ棒: 1,000」 read as a thousand sticks): 1,000点 (1本)
        sticks = sticks_said(state.pot, match.rules.riichi_chip, engine_of(match), lang(), units_of(match))
        pot = [game_t("pot", game, pot=sticks)] if match.rules.riichi_chip or state.pot else []
        if state.ended:  # no next winner takes them: RULES.md gives the chips left at the end to no one
            pot = [game_t("pot_left", game, pot=sticks)] if state.pot else []
            # a club's table may give them to the top player (``leftover_sticks = "top"``): in the final score
            if top := [as_typed(seat_name(s.seat)) for s in final_scores(match.rules, state) or () if s.sticks]:
                pot = [t("pot_left_top", pot=sticks, names=list_sep().join(top))]
        dealer_is = [] if state.ended else [t("dealer_is", name=as_typed(seat_name(state.dealer)))]  # none after the end
        st.markdown(" · ".join([*dealer_is, round_label(game, state, match.rules.laps), *pot]))
        if last_deal(state, match.rules):  # the deal passing on ends the match (riichi mahjong's "all last")
            moves_every_hand = not match.rules.keep_on_dealer_win and match.rules.keep_on_draw.value == "never"
            st.caption(t("last_hand") if moves_every_hand else t("last_deal", name=as_typed(seat_name(state.dealer))))
        if state.ended:
            st.warning(t("ended", why=end_said(match, state, lang())))  # who went below 0 named
            final_standings(match, state)
            st.caption(t("ended_next_early" if state.ended_early else "ended_next"))  # its end the entry to undo
        # The draw and chombo forms and Undo are keyed by the match and its number of hands, and carry that
        # number and the id of the last hand to the ledger: a tap counts for the table it was drawn with. A
        # second tap of a double tap then comes from a button that is gone, and a tap on a table another phone
        # has changed since (an undo and a new hand since included) is refused.
        at = f"{match.id}_{state.hands}"
        last = hands[-1].id if hands else None
        _error_said()  # an entry or undo refused (by a callback, before this run)
        _recorded_said(match, state, hands)  # or made
        if not state.ended:  # an ended match takes no hand: Undo (below) or a new match goes on
            with st.expander(game_t("record_draw", game), key=f"ledger_draw_fold_{at}"):  # open through a switch
                # one set of boxes per match and hand: a draw recorded leaves them empty for the next one (each
                # riichi is declared in one hand), a refused one keeps what was chosen
                with st.form(f"ledger_draw_{at}", border=False):
                    if engine_of(match) == "riichi":  # first: an exhaustive draw, or an abortive one (途中流局):
                        # nobody pays then, the deal stays with one more honba (``Ledger.add_draw``); the kinds
                        # the match's players can make (three: no four winds, four riichi or triple ron)
                        kinds = {kind: names[0] if lang() == "ja" else names[1]
                                 for kind, names in abortive_kinds(len(match.players)).items()}
                        draw_words = {"": t("draw_exhaustive"),  # "", not None: ``keep_choice``
                                      **{kind: t("draw_abortive", kind=said) for kind, said in kinds.items()}}
                        kinds_said = ("・" if lang() == "ja" else ", ").join(kinds.values())
                        keep_choice(f"ledger_draw_end_{at}", list(draw_words), "", words=draw_words.__getitem__)
                        st.selectbox(t("draw_how"), list(draw_words), format_func=draw_words.__getitem__,
                                     key=f"ledger_draw_end_{at}", help=t("draw_how_help", kinds=kinds_said))
                    # read by ``_record_draw`` by their keys; riichi only where it changes a draw's outcome
                    if riichi_counts_in_draw(match.rules):
                        st.multiselect(game_t("riichi_players", game), seats, format_func=seat_name,
                                       key=f"ledger_draw_riichi_{at}", placeholder=t("choose"))
                        # beside the choice, before the entry: a riichi its player has not the points for is refused
                        if short := riichi_short(match, state.totals):
                            st.warning(" ".join(game_t("riichi_short", game, name=as_typed(seat_name(s)),
                                                       total=f"{state.totals[s]:,}",
                                                       chip=f"{match.rules.riichi_chip:,}") for s in short))
                    if match.rules.noten_total or match.rules.keep_on_draw.value == "dealer-tenpai":
                        # the ledger counts a riichi as tenpai (``Ledger.add_draw``): said, not left to be found
                        st.multiselect(t("tenpai_players"), seats, format_func=seat_name,
                                       key=f"ledger_draw_tenpai_{at}", placeholder=t("choose"),
                                       help=t("tenpai_help") if riichi_counts_in_draw(match.rules) else None)
                    if ledger_view.nagashi_offered(match):  # riichi mahjong's nagashi mangan, where the game pays it
                        st.multiselect(t("nagashi_players"), seats, format_func=seat_name,
                                       key=f"ledger_draw_nagashi_{at}", placeholder=t("choose"),
                                       help=t("nagashi_help"))
                    # waits, as Undo does, while the phone is not sure of its match (``unsure``): a draw went
                    # straight into the newest match, another table's
                    st.form_submit_button(game_t("record_draw", game), on_click=_record_draw,
                                          args=(match.id, state.hands, last, at), disabled=unsure)
                    if unsure:
                        st.caption(t("record_choose_first"))
            _chombo_form(game, match, seats, state.hands, last, at, state.dealer, unsure)
        with st.container(key="ledger_undo"):  # a name for the button's place that stays
            # the end of a match ended early is no hand: said as what the button takes away
            st.button(t("undo_end" if state.ended_early else "undo"), key=f"ledger_undo_{at}",
                      disabled=state.hands == 0 or unsure, on_click=_undo, args=(match.id, state.hands, last))
            if unsure and state.hands:
                st.caption(t("undo_choose_first"))
            _undone_said(match, hands, state.hands, last)
        ledger_view.end_match_panel(match, state, hands, unsure)
        if table is not None:
            st.subheader(t("history"), anchor=False)  # the totals' unit said once, above the players' cards
            # the number, the result and the players' totals, narrow enough for a phone; each hand whole below
            st.dataframe(table, hide_index=True, key="ledger_hands",
                         **ledger_view.hands_table_shown(table, len(seats)))
            with st.expander(t("hand_details")):  # a long match's last entries, a switch for all of them
                shown = table
                if len(table) > ledger_view.DETAILS_SHOWN and not st.toggle(
                        t("hand_details_all", n=len(table)), key=f"ledger_details_all_{match.id}"):
                    shown = table.tail(ledger_view.DETAILS_SHOWN)
                    st.caption(t("hand_details_last", shown=len(shown), n=len(table)))
                st.markdown("\n".join(f"- {as_typed(line)}"  # names and yaku as typed: a club's file is no Markdown
                                       for line in ledger_view.hand_details(shown, len(seats))))
            st.subheader(t("chart"), anchor=False)
            st.altair_chart(totals_chart(match, state), key="ledger_chart")
        try:  # of the reading shown; caught as ``Ledger.to_csv`` catches it: a seat not at the table (a file
            # edited by hand) that the totals never name, a Donjara draw's tenpai
            data = csv_bytes(match_csv(match, hands, state))
        except (IndexError, KeyError, TypeError, ValueError) as exc:
            # the error in the screen's language, its file as the visitor is told it; to a phone no file of the laptop
            st.error(t("csv_unreadable", id=match.id, path=said_path(ledger.path), err=error_said(exc))
                     if is_local_visitor() else t("csv_unreadable_away", id=match.id, err=error_said(exc)))
        else:
            st.download_button(t("export_csv"), data, file_name=csv_file_name(match.id), mime="text/csv",
                               key="ledger_csv", on_click="ignore")
            if state.ended:  # the places, in a file of their own (`tilelens ledger csv --standings`)
                st.download_button(t("export_standings"), csv_bytes(standings_csv(match, state)),
                                   file_name=csv_file_name(match.id, standings=True), mime="text/csv",
                                   key="ledger_standings_csv", on_click="ignore")
            st.caption(t("csv_english"))  # as `tilelens ledger csv` writes it, for the tools that read it
        _rename_form(match)
        with st.expander(t("delete_match")):  # a match started by mistake: ticked, then deleted, and can come back
            names_said = list_sep().join(map(as_typed, match.players))
            st.caption(t("delete_match_confirm_one" if state.played == 1 else "delete_match_confirm"
                         if state.played else "delete_match_confirm_none", id=match.id,
                         names=names_said, n=state.played))  # which match, above its box: the box's label short
            st.checkbox(t("delete_match_sure"), key=f"ledger_delete_sure_{match.id}")
            st.button(t("delete_match_button"), key=f"ledger_delete_{at}", on_click=_delete_match,
                      args=(game.id, match.id, names_said, state.hands, last),
                      disabled=not st.session_state.get(f"ledger_delete_sure_{match.id}"))
            st.caption(t("delete_match_help"))
        with st.expander(t("ledger_where")):  # which file (a phone's user seldom asks): as the empty page says it
            _ledger_file_said(ledger)
            _download_ledger(ledger)  # to add on another laptop (its "Add another laptop's ledger")
        # the evening's matches added up, at the end of an evening, and the evening's other games named
        _other_games_tonight(ledger, game, readable, _tonight(game, matches, read, ledger))
if unread is None:  # the matches of games no longer offered (a game removed in the app): listed, opened, exported
    _orphan_matches(ledger, readable, asked)
    _merge_panel(ledger, game)  # another laptop's ledger added: two tables, one evening
