"""tilelens in the browser: the router. Each page is a file under ``app/pages/`` that only draws."""
import streamlit as st

from app.components.i18n import LANG_KEY, LANGS, t

st.set_page_config(page_title="tilelens", page_icon="🀄", layout="wide")
st.sidebar.segmented_control(t("language"), LANGS, key=LANG_KEY, default="ja", required=True,
                             format_func={"ja": "日本語", "en": "English"}.__getitem__, persist_state="session")

pages = [
    st.Page("pages/score_photo.py", title=t("page_score_photo"), icon="📷", url_path="score", default=True),
    st.Page("pages/score_manual.py", title=t("page_score_manual"), icon="✍️", url_path="manual"),
    st.Page("pages/ledger.py", title=t("page_ledger"), icon="🧮", url_path="ledger"),
    st.Page("pages/rules.py", title=t("page_rules"), icon="📜", url_path="rules"),
    st.Page("pages/event_check.py", title=t("page_event"), icon="✅", url_path="event"),
    st.Page("pages/label.py", title=t("page_label"), icon="🏷️", url_path="label"),
]
st.navigation(pages).run()
