"""Each game's yaku table in both languages, house tables marked; an organiser edits a house table here."""
import streamlit as st

from app import settings
from app.components.common import game_select
from app.components.i18n import error_text, name_of, t
from app.components.rules_view import house_parts, house_parts_said, table_summary, tiles_table, yaku_table
from scorer import GameFileError

st.title(t("page_rules"))
game = game_select()
if flash := st.session_state.pop("rules_flash", None):
    st.success(flash)
if game is not None:
    st.subheader(t("rules_for", game=name_of(game)))
    edited = settings.edited_path(game.id)
    st.caption(t("edited_in_use", path=edited) if edited else t("shipped_in_use"))
    table, house = yaku_table(game)
    if house:
        st.info(t("house_table"), icon=":material/home:")
    else:
        st.caption(t("official_table"))
    st.table(table, hide_index=True)  # a static table: it wraps long shapes on a phone
    if game.engine == "riichi":
        st.caption(t("han_open_note"))
    if house_parts(game):
        st.caption(f"{t('house_table')}: {house_parts_said(game)}")
    st.markdown(f"**{t('table_rules')}**\n" + "".join(f"\n- {line}" for line in table_summary(game)))
    with st.expander(t("tiles_of_game")):
        st.dataframe(tiles_table(game), hide_index=True, key="rules_tiles")
    with st.expander(t("edit_table"), expanded=False):
        text = st.text_area("TOML", settings.game_text(game.id), height=420, key=f"rules_text_{game.id}")
        cols = st.columns(2)
        if cols[0].button(t("save_table"), key="rules_save", type="primary"):
            try:
                settings.save_house_table(game.id, text)
                st.session_state["rules_flash"] = t("saved_table")
                st.rerun()
            except GameFileError as exc:
                st.error(t("invalid_table", err=error_text(exc)))  # its Japanese where it has one
        if cols[1].button(t("reset_table"), key="rules_reset", disabled=edited is None):
            settings.reset_house_table(game.id)
            st.session_state.pop(f"rules_text_{game.id}", None)
            st.session_state["rules_flash"] = t("reset_done")
            st.rerun()
