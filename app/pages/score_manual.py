"""Enter a hand by hand from a palette of the game's tiles, and score it: no photo needed."""
import streamlit as st

from app.components.common import game_select
from app.components.i18n import t
from app.components.scoring import score_section
from app.components.tiles import hand, palette, set_hand

P = "manual"

st.title(t("page_score_manual"))
game = game_select((P,))
if game is not None:
    tiles = hand(P)
    with st.expander(t("add_tile"), expanded=len(tiles) < game.hand_size):
        palette(game, P)
    if tiles:
        st.button(t("clear_hand"), key=f"{P}_clear", on_click=set_hand, args=(P, []))
    else:
        st.info(t("need_tiles", n=game.hand_size, have=0))
    score_section(game, P)
