"""Enter a hand by hand from a palette of the game's tiles, and score it: no photo needed."""
import re

import streamlit as st

from app.components.common import as_typed, game_select, gone_tiles
from app.components.i18n import error_text, lang, name_of, t
from app.components.ledger_view import follow_address_of_score_page
from app.components.options import HAND_KEYS, forget_hand_options, forget_scouted_groups
from app.components.result import summary_at
from app.components.scoring import (AS_ADDED, LEDGER_BOXES, forget_ledger_boxes, house_table_note,
                                    next_hand_after_shown, next_hand_said, next_hand_set, score_section)
from app.components.tiles import hand, hand_text, palette, parse_hand_text, set_hand, take_meld_tiles
from scorer import TilelensInputError, load_game

P = "manual"
# The options' boxes (``hand_options``) are not drawn while the hand is empty: Streamlit forgets a box not drawn,
# and after "Clear" Dealer (and the rest) had to be ticked again. Set again each run the hand is empty, a value is
# the page's own and stays. "Clear" starts the next hand: the last hand's own options (``HAND_KEYS``: its win kind
# too, the next hand's the game's default) go with it.
TABLE_KEYS = ("players", "dealer", "seat", "round", "honba", "sticks")  # the favourite, the win kind: ``HAND_KEYS``
# What goes aside with a hand (another game chosen, or its table saved without one of its tiles), and back with it:
# its own options, the table's (Dealer and Ron were forgotten: a dealer's ron came back a non-dealer's tsumo), who
# won and who dealt in, and the ledger button's record of the hand added with the figures it was added at (the
# empty hand dropped the record: the hand came back not "Added", and one tap added it twice).
ASIDE_KEYS = (*HAND_KEYS, *TABLE_KEYS, *LEDGER_BOXES, "added", AS_ADDED)


def clear() -> None:
    # a win cleared: the next hand starts as the rules say (the winner took the sticks; one more honba after the
    # dealer's win, none after another's); a hand showing no win is being corrected: its table stays as it was
    after = next_hand_after_shown(P)  # read before the hand goes
    set_hand(P, [])
    forget_hand_options(P)
    next_hand_set(P, after)


st.title(t("page_score_manual"), anchor=False)  # no "Link to heading" Tab stop
follow_address_of_score_page()  # a reload on a match of another game: that game, as on the ledger page
# The hand's own options (its melds, dora indicators, ...) go aside with it: their boxes are not drawn for the
# other game, so Streamlit forgot them, and the hand came back without its melds, short of tiles.
said_of_hand = {k: st.session_state[f"{P}_{k}"] for k in ASIDE_KEYS if f"{P}_{k}" in st.session_state}
was = st.session_state.get(f"{P}_game"), list(st.session_state.get(f"{P}_tiles") or []), said_of_hand
game = game_select((P,))
now = st.session_state.get(f"{P}_game")
if game is not None and was[0] is not None and now != was[0] and not hand(P):
    # another game, or this game's table saved without a tile of the hand (said by the game picker): the hand
    # starts empty. The same game's table saved with the hand's tiles kept the hand: nothing to set aside.
    aside = st.session_state.get(f"{P}_aside")
    gone = [k for k in dict.fromkeys(aside[1]) if k not in {kind.id for kind in game.tiles}] if aside else []
    if aside and aside[0][0] == now[0] and not gone:
        aside = st.session_state.pop(f"{P}_aside")
        set_hand(P, aside[1])  # the hand left for another game (or before the table changed): taken up again
        for key in ASIDE_KEYS:  # as it was: not the other game's
            st.session_state.pop(f"{P}_{key}", None)
        for key, value in aside[2].items():
            st.session_state[f"{P}_{key}"] = value
    elif aside and aside[0][0] == now[0] and was[0][0] != now[0]:  # back from another game: why it is not back
        # (the table was saved without one of its tiles meanwhile; a save here says so itself)
        st.warning(t("hand_aside_gone" if len(aside[1]) != 1 else "hand_aside_gone_one", game=as_typed(name_of(game)),
                     n=len(aside[1]), tiles=gone_tiles(now[0], gone)))
    if was[1]:  # the hand left is kept, to be back if the player comes back to its game (or the tile to its table)
        st.session_state[f"{P}_aside"] = was
        if was[0][0] != now[0]:
            st.info(t("hand_aside" if len(was[1]) != 1 else "hand_aside_one", n=len(was[1]),
                      game=as_typed(name_of(load_game(was[0][0])))))
if game is not None:
    house_table_note(game)  # an organiser's edit of the table is in use: said, as the Rules page says it
    # an English screen's example in tile ids (typed on any keyboard; English names have spaces), not Japanese
    example = "234m456p678s22z555z" if game.engine == "riichi" else " ".join(
        k.id if lang() == "en" and k.id.isascii() else k.name_ja for k in game.tiles[:3])
    need = st.empty()  # what a hand needs, said first: below the palette it was a screen or two down
    # The box holds the hand as it is: tiles tapped since are in it, so a hand typed edits them (it replaced them
    # unseen), another game's hand goes aside with its text, and comes back with it.
    # (in the screen's language: a Donjara hand by Japanese names on a Japanese screen)
    if st.session_state.get(f"{P}_typed_of") != (lang(), tuple(hand(P))):
        st.session_state[f"{P}_typed"] = hand_text(game, hand(P))
        st.session_state[f"{P}_typed_of"] = (lang(), tuple(hand(P)))
    # The palette first, the typed box folded below it: above it, on a phone where few type, the box put the
    # palette further down. The form is read before the palette is drawn into its place (a hand typed is in the
    # palette's count, and folds it once whole).
    palette_at = st.container()
    typed_fold = st.expander(t("type_hand", example=as_typed(example)), key=f"{P}_type_fold")  # tile names: no Markdown
    with typed_fold, st.form(f"{P}_typed_form", border=False):
        typed = st.text_input(t("type_hand", example=example), key=f"{P}_typed", label_visibility="collapsed")
        if st.form_submit_button(t("set_hand")):
            if not typed.strip():  # a tap that did nothing said nothing
                st.info(t("nothing_typed") + (" " + t("nothing_typed_clear", clear=t("clear_hand")) if hand(P) else ""))
            else:
                try:
                    typed_hand = parse_hand_text(game, typed)
                    # typed over the hand just added: the next hand, nobody chosen yet, its own options afresh, the
                    # same tiles as well (Bo's hand of the tiles Ann added took her riichi, unticked by nobody); once
                    # (the same tiles typed again for that next hand keep what was chosen for it)
                    added = st.session_state.get(f"{P}_added") or ()
                    if added[1:2] == (tuple(hand(P)),) and st.session_state.get(f"{P}_typed_over") != added:
                        forget_ledger_boxes(P)
                        st.session_state[f"{P}_typed_over"] = added
                    if sorted(typed_hand) != sorted(hand(P)):
                        forget_scouted_groups(P)  # another hand: its groups are not the last hand's scouted ones
                    set_hand(P, typed_hand)
                    st.session_state[f"{P}_typed_of"] = (lang(), tuple(hand(P)))  # the box says it as typed
                    # the whole hand typed beside melds already in their box: their tiles go into them (said in a
                    # toast, kept in the session till drawn), and the box, drawn already, says the hand left at once:
                    # the page runs again (it said the 14 typed until the next tap)
                    if take_meld_tiles(game, P):
                        st.rerun()
                except TilelensInputError as exc:
                    # the scorer's field name ("hand: ...") read as a command line's argument error
                    why = re.sub(r"^(hand|手牌): ", "", error_text(exc))
                    # the hand below (and its result) is not the one typed: said, beside the error
                    st.error(t("typed_not_used", err=why) if hand(P) else why)
    tiles = hand(P)
    if not tiles:  # said once the typed hand, if any, is in: not "0 now" above the hand just typed
        need.info(t("need_tiles", n=game.hand_size, have=0))
        if now == was[0]:  # another game's options are not this one's
            for key in (f"{P}_{k}" for k in (*TABLE_KEYS, *HAND_KEYS)):
                if key in st.session_state:
                    st.session_state[key] = st.session_state[key]
    with palette_at, st.expander(t("add_tile"), expanded=len(tiles) < game.hand_size):
        palette(game, P, full=True)
    if tiles:
        st.button(t("clear_hand"), key=f"{P}_clear", on_click=clear)
    next_hand_said(P)
    with summary_at(st.empty(), P):  # the result in one line above the hand: a phone's first screen
        score_section(game, P)
