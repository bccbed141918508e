"""Widgets every page starts with."""
from __future__ import annotations

import streamlit as st

from app import settings
from app.components import resources
from app.components.i18n import error_text, lang, t
from scorer import Game, GameFileError, load_game

GAME_KEY = "game_id"
OPEN_DATASET_KEY = "label_dir_next"  # a dataset folder the Label page opens on its next run


def game_select(prefixes: tuple[str, ...] = ()) -> Game | None:
    """The game picker (kept across pages); a hand made for another game is cleared on a change."""
    ids = settings.games()
    names = {g: (load_game(g).name_ja if lang() == "ja" else load_game(g).name_en) for g in ids}
    game_id = st.selectbox(t("game"), ids, key=GAME_KEY, format_func=names.__getitem__, persist_state="session")
    for prefix in prefixes:
        if st.session_state.get(f"{prefix}_game") != game_id:
            st.session_state[f"{prefix}_game"] = game_id
            st.session_state[f"{prefix}_tiles"] = []
            st.session_state[f"{prefix}_edit"] = None
            st.session_state.pop(f"{prefix}_reading", None)
            st.session_state.pop(f"{prefix}_digest", None)
    try:
        return resources.game(game_id)
    except GameFileError as exc:  # an edited house table that no longer loads
        st.error(error_text(exc))
        return None
