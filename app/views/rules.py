"""Each game's yaku table in both languages, house tables marked; an organiser edits a house table here."""
import streamlit as st

from app import settings
from app.components.common import GAME_KEY, game_select
from app.components.i18n import error_text, name_of, os_error_text, t
from app.components.rules_view import house_parts, house_parts_said, table_summary, tiles_table, yaku_table
from scorer import GameFileError



def _editor(game_id: str, edited, broken: bool = False) -> None:
    """The house table's editor: Save (validated first) and Reset to the shipped table. ``broken``: the
    edited table no longer loads (edited by hand, or by an older tilelens): the editor opens on its text,
    and Reset is the way back."""
    with st.expander(t("edit_table"), expanded=broken):
        try:
            current = settings.game_text(game_id)
        except OSError as exc:
            st.error(os_error_text(exc))
            current = ""
        text = st.text_area("TOML", current, height=420, key=f"rules_text_{game_id}")
        cols = st.columns(2)
        if cols[0].button(t("save_table"), key="rules_save", type="primary"):
            try:
                settings.save_house_table(game_id, text)
                st.session_state["rules_flash"] = t("saved_table")
                st.rerun()
            except GameFileError as exc:
                st.error(t("invalid_table", err=error_text(exc)))  # its Japanese where it has one
            except OSError as exc:  # the app's folder cannot be written (no rights, a file in its place)
                st.error(t("cannot_save_table", err=os_error_text(exc)))
        if cols[1].button(t("reset_table"), key="rules_reset", disabled=edited is None):
            try:
                settings.reset_house_table(game_id)
            except OSError as exc:
                st.error(t("cannot_save_table", err=os_error_text(exc)))
                return
            st.session_state.pop(f"rules_text_{game_id}", None)
            st.session_state["rules_flash"] = t("reset_done")
            st.rerun()


st.title(t("page_rules"))
game = game_select()
if flash := st.session_state.pop("rules_flash", None):
    st.success(flash)
if game is None and (broken := settings.edited_path(st.session_state.get(GAME_KEY, ""))) is not None:
    _editor(st.session_state[GAME_KEY], broken, broken=True)
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
    _editor(game.id, edited)
