"""Plain tables of the ledger for the page to draw."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

import streamlit as st

from app import settings
from app.components import resources
from app.components.common import COLUMN_GAP_PX, GAME_KEY, GAME_PICKED_KEY, NARROW, as_typed, two_a_row_on_phone_css
from app.components.result import list_sep
from app.components.i18n import DONJARA_STRINGS, game_t, lang, t, text_in
from scorer import Game
from tilelens.ledger import (SAME_DISCARD, DrawKeep, HandKind, HandRecord, LedgerError, Match, TableState,
                             abortive_said, amount_in, engine_of, hand_note_said, hand_notes, hand_number_said,
                             hand_numbers, hand_round, is_draw_word, liable_of, note_is_its_kind, round_of, standings,
                             units_of)
from tilelens.ledger import draw_word, final_score_rule_said, final_score_said, final_scores, scores_said
from tilelens.ledger import LedgerChangedError, deal_honba, kept_table_said

if TYPE_CHECKING:  # pandas and altair are imported where a table or chart is drawn: every score page imports
    import altair as alt  # this module, and the two cost ~0.7 s of CPU on a server's first page
    import pandas as pd

WIND_KEYS = ("east", "south", "west", "north")
# A long match (53: a house table's 400 hands) on a phone: a player's card draws the line of its last 50 entries (it
# drew 401 points in a card an inch wide); the yaku and notes list the last 20 entries, a switch shows them all.
SPARKLINE_ENTRIES = 50
DETAILS_SHOWN = 20
# s: an Undo within this long of this phone's last one is taken for the same tap (a double tap's second
# tap can land on the next Undo button, drawn by the first tap's run, which no hand count tells apart)
UNDO_AGAIN_S = 1.0
# s: a match of the same players and rules started within this long of another, with no hand yet, is that
# one (the second tap of a double tap on Start the match, from the page as it was or on the form drawn again)
START_AGAIN_S = 5.0
# The players' cards (inside the container keyed ``ledger_totals``): Streamlit writes a card's label on one
# line cut short, so on a narrow card (a phone held sideways shows the four in a row) a long name lost the
# dealer mark after it ("Maximilian-…"). The label wraps instead, whole.
TOTALS_CSS = ('.st-key-ledger_totals [data-testid="stMetricLabel"], '
              '.st-key-ledger_totals [data-testid="stMetricLabel"] * '
              '{ white-space: normal; overflow: visible; text-overflow: clip; overflow-wrap: anywhere; }\n'
              # an upright phone stacked the four cards, each with its line of the totals, 830 px: a whole
              # screen before the dealer and the hands. Two a row there, without the lines (the chart below
              # the hands draws them all)
              + two_a_row_on_phone_css("ledger_totals")
              + f'\n@media {NARROW} {{ .st-key-ledger_totals [data-testid="stMetricChart"] {{ display: none; }} }}')
# On a phone (52) the cards, two a row with a border and Streamlit's 2.25rem numbers, still took 135 px each (three
# players: two cards and one under them, most of a screen): no border, smaller numbers, and three players in one row.
_COMPACT_CSS = (f'@media {NARROW} {{'
                ' .st-key-ledger_totals [data-testid="stMetricValue"] { font-size: 1.5rem; }'
                ' .st-key-ledger_totals [data-testid="stHorizontalBlock"] { row-gap: 0.25rem; } }')
_THIRD = f"calc(33.3% - {COLUMN_GAP_PX * 2 / 3:.2f}px)"  # a third of the row less a third of its two gaps
_THREE_A_ROW_CSS = (f'@media {NARROW} {{ .st-key-ledger_totals [data-testid="stColumn"]'
                    f' {{ min-width: {_THIRD} !important; max-width: {_THIRD}; flex: 1 1 {_THIRD} !important; }} }}')


def nagashi_offered(match: Match) -> bool:
    """Whether a draw of ``match`` offers nagashi mangan: a riichi match whose rules, as kept when it started, pay it
    (``[riichi] nagashi``, on by default: a table that switched it off has no Nagashi box; ``ledger.nagashi_played``,
    which the ledger checks)."""
    if engine_of(match) != "riichi":
        return False
    from tilelens.ledger import nagashi_played

    return nagashi_played(match)


def totals_css(players: int) -> str:
    """The stylesheet of the players' cards for a table of ``players``: two a row on a phone where they pair up
    (2, 4), else three a row (3 players in one row, 5 or 6 in two), compact: each a third of the row less a third of
    its two gaps (``common.COLUMN_GAP_PX``), as two a row are half of it less half a gap.

    >>> "min-width: calc(33.3% - 10.67px)" in totals_css(3), "calc(33.3%" in totals_css(4)
    (True, False)
    """
    return "\n".join([TOTALS_CSS, _COMPACT_CSS, *([] if players in (2, 4) else [_THREE_A_ROW_CSS])])


def places_said(match: Match, state: TableState) -> str | None:
    """The places now, in a line ("Places: 1. Bo, 2. Ann, 3. Cy"): the cards stay in seat order, as the table
    sits. None while everyone is level (no hand yet): no place to tell."""
    if len(set(state.totals)) < 2:
        return None
    return t("places", places=list_sep().join(t("place_of", place=place, name=as_typed(match.players[seat]))
                                              for place, seat, _ in standings(state.totals)))


def _abortive_said(hand: HandRecord) -> str:
    """An abortive draw as the page's result says it: "Abortive draw (four riichi)", 「途中流局 (四家リーチ)」."""
    said = abortive_said(hand.abortive or "", lang())
    return said[:1].upper() + said[1:]


def hand_said(match: Match, hand: HandRecord) -> str:
    """One hand in a line, in the page's language, as Undo says what it removed: "Ann ron from Bo, 3,900 points"."""
    name = match.players.__getitem__
    if hand.kind is HandKind.END:  # no hand: the match ended early there (Undo takes the end away)
        return t("end_entry")
    if hand.abortive is not None:
        what = _abortive_said(hand)
    elif hand.kind is HandKind.DRAW:
        what = (draw_word(match, lang()) or text_in(DONJARA_STRINGS, "draw")) if engine_of(match) != "riichi" \
            else t("draw")
        if hand.nagashi:
            what += " · " + t("nagashi_said", names=list_sep().join(map(name, hand.nagashi)))
    elif hand.kind is HandKind.CHOMBO:
        what = t("ledger_chombo", name=name(hand.offender))
    elif hand.win_kind in ("ron", SAME_DISCARD) and hand.payments:
        what = t("ledger_ron_same" if hand.win_kind == SAME_DISCARD else "ledger_ron", name=name(hand.winner),
                 payer=name(next(iter(hand.payments))))
    else:
        what = t("ledger_tsumo", name=name(hand.winner))
    liable = liable_of(hand, len(match.players))
    if liable is not None:  # who paid as liable for the yakuman (pao): the payer named above is not the only one
        what += t("pao_said", name=name(liable))
    paid = sum(hand.payments.values())
    return f"{what}{list_sep()}{amount_in(paid, units_of(match), lang())}" if paid else what  # 「…チョンボ、8,000点」


def end_match_panel(match: Match, state: TableState, hands: Sequence[HandRecord], unsure: bool = False) -> None:
    """"End this match now" for a match under way (a family stopping after three hands): a tick, then the button, which
    ends it for the table as drawn (``Ledger.end_match``: its number of hands and its last one; a second tap of a double
    tap comes from a button that is gone). Nothing for a match that has ended or has no entry yet (one started by
    mistake is deleted). Waits, as Undo does, while the phone is not sure of its match (``unsure``)."""
    if state.ended or not hands:
        return
    at = f"{match.id}_{state.hands}"
    sure = f"ledger_end_sure_{match.id}"
    with st.expander(t("end_match")):
        st.checkbox(t("end_match_confirm", id=match.id, n=state.played), key=sure)
        st.button(t("end_match_button"), key=f"ledger_end_{at}", on_click=_end_match,
                  args=(match.id, state.hands, hands[-1].id), disabled=unsure or not st.session_state.get(sure))
        # no uma in Donjara; no chips on the table where its riichi takes none (Cinderella Girls)
        st.caption(t("end_match_help" if engine_of(match) == "riichi" else
                     "end_match_help_donjara" if match.rules.riichi_chip else "end_match_help_no_chip"))


def _end_match(match_id: int, seen: int, last: str | None) -> None:
    """End the match shown (its box ticked), for the table as drawn: a refusal kept to say on the page's next run
    (``ledger_error``, as a refused Undo's), a hand undone before no longer offered back (the end is the last entry)."""
    if not st.session_state.get(f"ledger_end_sure_{match_id}"):
        return
    from app.components.i18n import error_text

    try:
        resources.ledger().end_match(match_id, expected_hands=seen, expected_last=last)
    except LedgerChangedError as exc:
        if st.session_state.get("ledger_done") != ("end", match_id, seen, last):
            st.session_state["ledger_error"] = error_text(exc)
    except LedgerError as exc:
        st.session_state["ledger_error"] = error_text(exc)
    else:
        st.session_state["ledger_done"] = ("end", match_id, seen, last)
        st.session_state.pop(f"ledger_end_sure_{match_id}", None)
        st.session_state.pop("ledger_undone", None)


def kept_tables_said(matches: Sequence[Match]) -> list[str]:
    """Of the matches of a game whose house table cannot be read (or was fixed since), what each keeps of the table it
    started with where the box's says otherwise ("#3 keeps the table it started with: noten_total = 1000"), a line
    each; [] where none differ."""
    return [t("house_unreadable_kept", id=m.id, keys=list_sep().join(keys))
            for m in matches if (keys := kept_table_said(m))]


def early_end_said(state: TableState) -> str | None:
    """Why a match ended early (:meth:`tilelens.ledger.Ledger.end_match`), in the page's language, as `tilelens ledger
    list` says it ("ended early after hand 3", 「3局で終了」); None for one that did not."""
    if not state.ended_early:
        return None
    return state.reason_in(lang())


def chosen_match_key(game_id: str) -> str:
    """The session key of the match of ``game_id`` the ledger page shows, which the score pages add to
    (kept while the person is on other pages: the ledger page's own box forgets it)."""
    return f"ledger_open_{game_id}"


def match_in_address() -> int | None:
    """The match named in the page's address (``?match=7``), None without one. The ledger page and the score
    pages keep the match they show there: a reload (a phone restoring its tab) starts a new session, which
    has no match chosen. Anything but plain digits is none (``"²"`` is a digit to ``str.isdigit``, not to ``int``)."""
    value = st.query_params.get("match", "")
    return int(value) if value.isascii() and value.isdigit() else None


DEFAULTED_PARAM = "default"  # ``?match=2&default=2``: the page took #2 as the newest, the phone chose none


def defaulted_in_address() -> bool:
    """Whether the match the address names is one a page took as the newest, the phone having chosen none
    (``keep_match_in_address``): a reload reads it as no choice. The mark names its match, so that a match chosen
    since (written there without the mark) is a choice however it was written."""
    asked = match_in_address()
    return asked is not None and st.query_params.get(DEFAULTED_PARAM) == str(asked)


def chosen_match(game_id: str, ids: Sequence[int]) -> int | None:
    """The match of ``game_id`` a page shows, among ``ids``: the one chosen in this session, else the one in
    the address (after a reload) unless a page only took it as the newest there (``defaulted_in_address``: a
    reload of a phone that chose none is still told another match is under way, and its Undo still waits); None
    for neither (the page shows the newest)."""
    chosen = st.session_state.get(chosen_match_key(game_id))
    if chosen in ids:
        return chosen
    return match_in_address() if match_in_address() in ids and not defaulted_in_address() else None


def taken_in_address(ids: Sequence[int]) -> int | None:
    """The match among ``ids`` the address names as one a page took, the phone having chosen none
    (``defaulted_in_address``), else None: after a reload the page shows it again, still not chosen (it jumped to a
    match another table started since, and refused the hand it had just added)."""
    asked = match_in_address()
    return asked if asked in ids and defaulted_in_address() else None


def keep_match_in_address(match_id: int, readable: Sequence[int], defaulted: bool = False) -> None:
    """Name ``match_id`` in the address where it names none of the ``readable`` matches (none yet, or one no
    longer there), or one a page only took as the newest; a match of another game chosen is kept there for that
    game's page. ``defaulted``: the page took ``match_id`` as the newest, the phone having chosen none: marked so
    (``defaulted_in_address``), and the mark dropped once it is chosen."""
    asked = match_in_address()
    marked = defaulted_in_address()
    if not defaulted and not marked and DEFAULTED_PARAM in st.query_params:
        st.query_params.pop(DEFAULTED_PARAM, None)  # another match's mark, chosen since in the box: none now
    if asked in readable and not marked:
        return
    if asked == match_id and marked == defaulted:
        return
    st.query_params["match"] = str(match_id)
    if defaulted:
        st.query_params[DEFAULTED_PARAM] = str(match_id)
    else:
        st.query_params.pop(DEFAULTED_PARAM, None)


def follow_address(asked: int | None, readable: Sequence[Match]) -> None:
    """A reload (a phone restoring its tab) or a shared link naming a match of another game (``asked``, among
    the ledger's ``readable`` matches): that game is chosen in the picker, before it is drawn, so the match is
    shown (the ledger page) or added to (the score pages). Not where the person has picked a game in this
    session (their choice is kept; the ledger page says which game to choose), nor where this session has
    shown that match (the person chose another game since), nor for a game the picker does not offer."""
    other = next((m for m in readable if m.id == asked), None)
    if other is None or other.game_id == st.session_state.get(GAME_KEY) or st.session_state.get(GAME_PICKED_KEY):
        return
    if st.session_state.get(chosen_match_key(other.game_id)) == other.id or other.game_id not in settings.games():
        return
    st.session_state[GAME_KEY] = other.game_id


ADDRESS_FOLLOWED_KEY = "address_match_followed"  # the address's match a score page has followed in this session


def follow_address_of_score_page() -> None:
    """``follow_address`` for a score page, which reads the ledger itself only below its game picker: the
    ledger is read here, once per match an address names (the score pages keep their match there) and only
    while the person has picked no game. A ledger that cannot be read leaves the game as it is (and is read
    again on the next run): the page says why where it reads its match."""
    asked = match_in_address()
    if asked is None or st.session_state.get(GAME_PICKED_KEY) or st.session_state.get(ADDRESS_FOLLOWED_KEY) == asked:
        return
    try:
        readable = resources.ledger().matches()
    except LedgerError:
        return
    follow_address(asked, readable)
    st.session_state[ADDRESS_FOLLOWED_KEY] = asked


def round_label(game: Game, state: TableState, laps: int) -> str:
    """Riichi mahjong: "East 2, honba 1"; Donjara: "Hand 5", at a table counting honba with any it has ("Hand 5,
    honba 1": no winds, no rounds); then how far the deal has gone round."""
    players = len(state.totals)
    done = min(state.dealer_moves, laps * players)
    # the count said in the game's words: riichi mahjong's 8局, a Donjara game's 親番 (its 局 is a hand: 「10局目」)
    if state.ended:  # no hand comes next: a round after the last (West 1 after South 4) would be none played
        return game_t("deals_all" if done == laps * players else "deals_ended", game, done=done, total=laps * players)
    progress = game_t("deals", game, done=done, total=laps * players)
    if game.engine == "riichi":  # past North (a house table of more laps): East again, with its lap
        wind, n, lap = round_of(state.dealer_moves, players)
        said = t("round_is" if lap is None else "round_is_lap", wind=t(WIND_KEYS[wind]), n=n, lap=lap,
                 honba=state.honba)
        return f"{said} · {progress}"
    # hands as players count them: a chombo's re-deal and a second winner on one discard are no new hand
    return f"{hand_number_said(state.played + 1, state.honba, lang())} · {progress}"


def round_text(played_at: tuple[int, int, int | None, int]) -> str:
    """A round a hand was played at (``tilelens.ledger.hand_round``) as the page's round line names it: "East 2, honba
    1", 「東2局 1本場」; past North with its lap."""
    wind, n, lap, honba = played_at
    return t("round_is" if lap is None else "round_is_lap", wind=t(WIND_KEYS[wind]), n=n, lap=lap, honba=honba)


def place_said(place: int) -> str:
    """A place as the page's language says it beside a name: "1st", "2nd", "3rd", "11th", "21st" (Japanese: the
    number, 位 follows)."""
    if lang() == "ja":
        return str(place)
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def final_standings(match: Match, state: TableState) -> None:
    """The places at the end of a match, the highest total first (RULES.md: "Highest total wins"). RULES.md sets
    no order for equal totals: they share a place, and the page says so."""
    places = standings(state.totals)
    units = units_of(match)  # each total with the game's unit: "1位 みか: 219万", not a bare 219
    # the place as a word ("1st", 1位): "- 1. Ann" was a numbered list inside each bullet to a screen reader
    lines = [t("standing", place=place_said(place), name=as_typed(match.players[seat]),
               total=amount_in(total, units, lang())) for place, seat, total in places]
    scores = final_scores(match.rules, state)
    if scores is not None:  # uma, oka: each total with the final score it makes, and how ("45,000 points → +55 (...)")
        column = scores_said(s.score for s in scores)  # as a column, as the totals say them: "-5.0" beside "+45.8"
        lines = [t("standing", place=place_said(s.place), name=as_typed(match.players[s.seat]),
                   total=final_score_said(match, s, lang(), said_as)) for s, said_as in zip(scores, column)]
    # a heading a screen reader can jump to (bold text was none), the places under it
    st.markdown(f"#### {t('final_standings')}\n" + "".join(f"\n- {line}" for line in lines),
                anchors=False)  # no "Link to heading" Tab stop
    if scores is not None:
        st.caption(final_score_rule_said(match.rules, len(match.players), lang()))
    if len({place for place, _, _ in places}) < len(places):
        st.caption(t("standings_tied"))


def chombo_rule_riichi(penalty: int, units: Mapping[str, str], players: int = 4) -> str:
    """A riichi game's chombo as the ledger pays it (``tilelens.ledger.chombo_payments``: a reverse mangan, ``penalty``
    being a non-dealer's at four players, 8,000), at a table of ``players``, in the page's language."""
    half, quarter = penalty // 2, penalty // 4

    def amount(points: int) -> str:
        return amount_in(points, units, lang())

    return t("chombo_rule_riichi", dealer_share=amount(half), share=amount(quarter),
             penalty=amount(half + quarter * max(players - 2, 0)), dealer_total=amount(half * (players - 1)))


def hands_table(match: Match, hands: Sequence[HandRecord], state: TableState, riichi: bool = True) -> pd.DataFrame:
    """One row per hand: what happened and every player's total after it (who was tenpai in a draw too, where
    the match's rules count it). ``riichi``: whether who declared riichi has a column, which it has where it
    tells something (:func:`tilelens.ledger.riichi_tells`). A riichi game's rows give, before the totals, the hand
    players count (a double ron's two entries, a chombo's re-deal: one hand) and the round and honba it was played
    at ("East 2, honba 1", as `tilelens ledger show` names it): the entries' numbers alone said neither. A Donjara
    table counting honba gives the hand and the honba of its deal (a Donjara game has no rounds)."""
    name = match.players.__getitem__
    counts_tenpai = bool(match.rules.noten_total) or match.rules.keep_on_draw is DrawKeep.DEALER_TENPAI
    rows = []
    # as the CSV says them, in the page's language: a draw's and a chombo's words too, stored in the language of the
    # phone that recorded them (:func:`tilelens.ledger.hand_note_said`), a chombo's penalty with the game's unit
    engine = engine_of(match)
    donjara = engine != "riichi"
    notes = hand_notes(match.players, hands, state, lang(), units_of(match), engine=engine,
                       chip=match.rules.riichi_chip)
    numbers = hand_numbers(hands)
    for i, (hand, totals, note) in enumerate(zip(hands, state.history[1:], notes, strict=True)):
        if hand.kind is HandKind.END:  # the match ended early there: its reason beside it ("ended early after hand 3")
            what = t("end_entry")
        elif hand.abortive is not None:  # said as what it was, its note less those words ("abortive draw (...)")
            what = _abortive_said(hand)
            note = "" if is_draw_word(hand.note) else hand_note_said(hand, lang(), units_of(match))
        elif hand.kind is HandKind.DRAW:  # a Donjara game's as its button says it (誰も上がらず; its document's 流局)
            what = (draw_word(match, lang()) or text_in(DONJARA_STRINGS, "draw")) if donjara else t("draw")
            if hand.nagashi:  # who was paid a nagashi mangan: part of the result ("Draw · nagashi mangan: Cy")
                what += " · " + t("nagashi_said", names=list_sep().join(map(name, hand.nagashi)))
                note = hand_note_said(hand, lang(), units_of(match))  # its note alone, the nagashi said above
            note = "" if note_is_its_kind(hand) else note  # its stored word ("流局") said once, here
        elif hand.kind is HandKind.CHOMBO:
            what = t("ledger_chombo", name=name(hand.offender))
        elif hand.win_kind in ("ron", SAME_DISCARD):  # who dealt in, not left to the totals (?: a file edited)
            payer = next(iter(hand.payments), None)
            what = t("ledger_ron_same" if hand.win_kind == SAME_DISCARD else "ledger_ron", name=name(hand.winner),
                     payer="?" if payer is None else name(payer))
        else:
            what = t("ledger_tsumo", name=name(hand.winner))
        # the entry's number (as the CSV's "entry"): each winner on one discard and a chombo's re-deal have their own
        row = {t("entry_col"): hand.seq + 1, t("result"): what, t("yaku"): note}
        if riichi:
            row[t("riichi")] = list_sep().join(map(name, hand.riichi))
        if counts_tenpai:
            row[t("tenpai")] = list_sep().join(map(name, hand.tenpai))
        if not donjara:  # the hand players count, and where it was played
            played_at = hand_round(match, state, i, engine)
            row[t("hand_col")] = numbers[i]
            row[t("round_col")] = "" if played_at is None else round_text(played_at)
        elif match.rules.honba:  # the end no hand, played at no honba (the CSV's empty)
            row[t("hand_col")] = numbers[i]
            row[t("honba")] = deal_honba(state, i, hand)
        # a player named like one of those columns ("Entry", "Result") gets their seat beside the name, so
        # that their totals do not overwrite it
        row.update({player if player not in row else f"{player} ({seat + 1})": total
                    for seat, (player, total) in enumerate(zip(match.players, totals, strict=True))})
        rows.append(row)
    import pandas as pd

    table = pd.DataFrame(rows)
    if donjara and match.rules.honba and rows:  # whole numbers beside the end's none (1, not 1.0)
        table[t("honba")] = table[t("honba")].astype("Int64")
    return table


def hands_table_shown(table: pd.DataFrame, players: int) -> dict:
    """How the page draws the hands table (``st.dataframe``'s ``column_order``, ``column_config`` and, where a result is
    wrapped, ``row_height``): the entry's number, the result and every player's total, in narrow columns. On a phone
    (356 px of table) the table with its yaku, riichi and tenpai columns took 403 px (433 in Japanese), the yaku cut at
    the edge: each hand is said whole under the table instead (:func:`hand_details`). The table's data (and the CSV)
    keep every column. A riichi game's hand and round (:func:`hands_table`) come after the totals: on a phone the totals
    stay in view, the round a scroll away (and said in each hand's line below)."""
    names = list(table.columns[-players:])  # the players' totals are its last columns
    entry, result = table.columns[:2]
    played = _played_columns(table, players)
    # a column as wide as its longest total (about 7 px a character, and the cell's padding): "25,000" 62 px
    width = 20 + 7 * max((len(f"{v:,}") for name in names for v in table[name]), default=5)
    # four players' totals and the result: the number and result kept in view where the totals scroll (a long total),
    # the result as wide as its longest (76 px cut 誰も上がらず and "みう ロン (さくら)", on a laptop too) up to the room a
    # phone's table leaves beside every total, a longer one wrapped (the totals all in view: who leads, at a glance)
    crowded = players >= 4
    wide = _result_width(table[result])
    room = max(76, PHONE_TABLE_PX - 32 - players * max(width, 48))
    config = {entry: st.column_config.NumberColumn("#", width=32, pinned=crowded or None),
              result: st.column_config.TextColumn(width=min(wide, room) if crowded else None,
                                                  pinned=crowded or None)}
    config.update({name: st.column_config.NumberColumn(format="%,d", width=max(width, 48)) for name in names})
    for column in {t("hand_col"), t("honba")}.intersection(played):  # 局の番号 whole in 72 px (56 cut it to 局の番…)
        config[column] = st.column_config.NumberColumn(width=72 if column == t("hand_col") else 56)
    shown = {"column_order": [entry, result, *names, *played], "column_config": config}
    if crowded and wide > room:  # rows of three lines: Streamlit wraps a cell's text only in rows over 64 px
        shown["row_height"] = WRAPPED_ROW_PX
    return shown


PHONE_TABLE_PX = 356  # the hands table's width on a 390 px phone
WRAPPED_ROW_PX = 65


def _result_width(results: pd.Series) -> int:
    """The width the hands table's longest result takes, in px (about 7 a display cell, a Japanese character two, and
    the cell's padding), 76 at least."""
    from scorer.cli import columns

    return max(76, 20 + 7 * max((columns(str(r)) for r in results), default=0))


def _played_columns(table: pd.DataFrame, players: int) -> list[str]:
    """The hand and round columns of a riichi game's hands table (:func:`hands_table`), in its order; a Donjara
    table's hand and honba where it counts honba, else none (a player's column of the same name is not one: it comes
    after them, named with its seat)."""
    return [c for c in table.columns[2:-players] if c in (t("hand_col"), t("round_col"), t("honba"))]


def sparkline(state: TableState, seat: int) -> list[int] | None:
    """A player's card's line: their totals over the last ``SPARKLINE_ENTRIES`` entries (and before them); None
    before the second entry (a line of one step tells nothing)."""
    if len(state.history) <= 2:
        return None
    return [totals[seat] for totals in state.history[-(SPARKLINE_ENTRIES + 1):]]


def match_options(matches: Sequence[Match], ended: Sequence[int], copies: Mapping[int, int] | None = None,
                  early: Mapping[int, str] | None = None) -> tuple[list[Match], Callable[[Match], str]]:
    """The match picker's order and how it says each match: the matches under way first, then those ``ended``
    (their ids), each in the order ``matches`` are (the page gives them the latest started first, as `tilelens ledger
    list` lists them: ``tilelens.ledger_cli.by_start``), a finished one said so ("#3 · Ann, Bo · finished"); a game of
    114 matches listed the finished ones among those to add to. Each is said from the ``Match`` given (a name just
    corrected: the match read again), in words fixed now (``format_func`` may be called outside the run), the names
    joined as the screen writes a list (、 on a Japanese one). ``copies``: another laptop's record of a match, kept
    beside it by a merge, and the match's id (:func:`tilelens.ledger.recorded_twice`), said so ("#3 · Eri, Fumi (copy
    of #2 from another laptop)"). ``early``: the matches ended early and why (:func:`early_end_said`), said so as
    `tilelens ledger list` says them ("#3 · Ann, Bo · ended early after hand 3", 「3局で終了」)."""
    done, copies = frozenset(ended), dict(copies or {})
    why = dict(early or {})
    order = sorted(matches, key=lambda m: m.id in done)  # a stable sort: newest first in each
    sep, tag = list_sep(), t("match_option_ended", match="{match}")
    copy_tag = {m.id: t("match_option_copy", match="{match}", first=copies[m.id]) for m in matches if m.id in copies}

    def said(m: Match) -> str:
        label = f"#{m.id} · {sep.join(m.players)}"
        if m.id in copy_tag:
            label = copy_tag[m.id].replace("{match}", label)
        if m.id in done and m.id in why:
            return t("match_option_ended_early", match=label, why=why[m.id])
        return tag.replace("{match}", label) if m.id in done else label

    return order, said


def hand_details(table: pd.DataFrame, players: int) -> list[str]:
    """Each hand in a line, whole: its number, its result, then its yaku or note, who declared riichi and who was
    tenpai (the hands table's columns the page does not draw: :func:`hands_table_shown`), such as
    "2 · Ann ron from Bo — Riichi, Tanyao · Riichi: Ann"; a riichi game's hand and round last ("· Hand 2 (East 1,
    honba 1)", 「· 2局目 (東1局 1本場)」); at a Donjara table counting honba, its hand with any honba ("· Hand 2,
    honba 1", as the round line names it)."""
    entry, result = table.columns[:2]
    played = _played_columns(table, players)
    rest = [c for c in table.columns[2:-players] if c not in played]
    lines = []
    for _, row in table.iterrows():
        parts = [str(row[col]) if i == 0 else f"{col}: {row[col]}"  # the yaku bare; riichi and tenpai named
                 for i, col in enumerate(rest) if str(row[col]).strip()]
        if played and row[result] != t("end_entry"):  # the hand players count, and its round (the end no hand)
            if t("honba") in played:  # a Donjara table's: no round, the honba beside the number
                parts.append(hand_number_said(row[t("hand_col")], row[t("honba")], lang()))
            else:
                where = str(row[t("round_col")]).strip() if t("round_col") in played else ""
                parts.append(t("hands_played", n=row[t("hand_col")]) + (f" ({where})" if where else ""))
        lines.append(f"{row[entry]} · {row[result]}" + (" — " + " · ".join(parts) if parts else ""))
    return lines


# The chart's colours (Okabe and Ito's palette for colour-blind eyes): a colour each, for up to 8 players. The
# theme's own gave two players two blues that overlapped on a phone.
PLAYER_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#000000", "#F0E442")


def totals_chart(match: Match, state: TableState) -> alt.Chart:
    """Every player's total over the entries (0: the start), a line each in a colour of its own, named in seat
    order by a legend above the chart. The y-axis fits the totals with a margin: from 0, totals of 840-1,080 lay
    flat in its top sixth."""
    import altair as alt
    import pandas as pd

    data = pd.DataFrame([{"hand": hand, "player": player, "total": total}
                         for hand, totals in enumerate(state.history)
                         for player, total in zip(match.players, totals, strict=True)])
    players = list(match.players)
    low, high = int(data["total"].min()), int(data["total"].max())
    margin = max((high - low) * 0.1, abs(high) * 0.02, 1)  # a flat line (no hand yet) still has room around it
    # a legend of three names fits a phone's width in one row with names cut at 80 px; more in rows of two
    columns = len(players) if len(players) <= 3 else 2
    return alt.Chart(data).mark_line(point=True).encode(
        x=alt.X("hand:Q", title=t("chart_x"), axis=alt.Axis(tickMinStep=1, format="d", grid=False)),
        y=alt.Y("total:Q", title=None, axis=alt.Axis(format=",d"),
                scale=alt.Scale(domain=[low - margin, high + margin], zero=False, nice=False)),
        color=alt.Color("player:N", title=None, sort=players,
                        scale=alt.Scale(domain=players, range=list(PLAYER_COLOURS[:len(players)])),
                        legend=alt.Legend(orient="top", columns=columns, labelLimit=80 if columns == 3 else 130)),
        tooltip=[alt.Tooltip("player:N", title=t("player")), alt.Tooltip("total:Q", title=t("total"), format=",d")])
