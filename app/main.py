"""tilelens in the browser: the router. Each page is a file under ``app/views/`` that only draws.

The folder is not called ``pages/``: Streamlit serves a ``pages/`` folder beside the main script as pages of
its own, and a deep link (``/label``) opened as a fresh session's first request ran that file without this
router (no language switch, file names for page titles)."""
import streamlit as st

from app.components.i18n import LANG_KEY, LANGS, t

st.set_page_config(page_title="tilelens", page_icon=":material/grid_view:", layout="wide")
st.sidebar.segmented_control(t("language"), LANGS, key=LANG_KEY, default="ja", required=True,
                             format_func={"ja": "日本語", "en": "English"}.__getitem__, bind="query-params")

pages = [
    st.Page("views/score_photo.py", title=t("page_score_photo"), icon=":material/photo_camera:", url_path="score", default=True),
    st.Page("views/score_manual.py", title=t("page_score_manual"), icon=":material/touch_app:", url_path="manual"),
    st.Page("views/ledger.py", title=t("page_ledger"), icon=":material/scoreboard:", url_path="ledger"),
    st.Page("views/rules.py", title=t("page_rules"), icon=":material/menu_book:", url_path="rules"),
    st.Page("views/event_check.py", title=t("page_event"), icon=":material/fact_check:", url_path="event"),
    st.Page("views/label.py", title=t("page_label"), icon=":material/label:", url_path="label"),
]
st.navigation(pages).run()
