"""tilelens in the browser: the router. Each page is a file under ``app/views/`` that only draws.

The folder is not called ``pages/``: Streamlit serves a ``pages/`` folder beside the main script as pages of
its own, and a deep link (``/label``) opened as a fresh session's first request ran that file without this
router (no language switch, file names for page titles).

Every page has an address of its own, the score page too (``/score``): Streamlit serves its default page
at ``/`` only (``st.Page(default=True)`` ignores ``url_path``), so ``/score``, bookmarked or shared, said
"Page not found" while the score page was the default. The default page is a hidden one that only sends
``/`` on to ``/score``, the address's parameters (``?match=``) kept; the language is kept by the session
(Streamlit refuses to set ``?lang=``, the language switch's own, from code, so ``/score`` is shown
without it)."""
import streamlit as st

from app.components.common import page_language, style
from app.components.i18n import LANG_KEY, LANGS, lang, switch_page, t

# no title yet: the page's own is set once the page is known (below). The tab's icon an emoji: Streamlit draws it in
# the page (an inline SVG); a ":material/...:" icon is fetched from fonts.gstatic.com, which a club with no internet
# cannot reach (the app's other ":material/...:" icons are drawn with the font Streamlit serves itself). Set here,
# before ``st.navigation``: with none set, the shown page's own icon (":material/photo_camera:") became the tab's.
st.set_page_config(page_icon="🀄", layout="wide")
# The switch writes its label to the address (``?lang=English``); a link written by hand names the language by its
# code (``?lang=en``), which the switch takes for an unknown value: opening a session, it is taken here. Any other
# value is ignored (the choice stays, Japanese in a new session) and Streamlit takes it out of the address.
if LANG_KEY not in st.session_state and st.query_params.get(LANG_KEY) in LANGS:
    st.session_state[LANG_KEY] = st.query_params[LANG_KEY]
LANG_NAMES = {"ja": "日本語", "en": "English"}  # each in its own language
st.sidebar.segmented_control(t("language"), LANGS, key=LANG_KEY, default="ja", required=True,
                             format_func=LANG_NAMES.__getitem__, bind="query-params")

score = st.Page("views/score_photo.py", title=t("page_score_photo"), icon=":material/photo_camera:", url_path="score")
pages = [
    score,
    st.Page("views/score_manual.py", title=t("page_score_manual"), icon=":material/touch_app:", url_path="manual"),
    st.Page("views/ledger.py", title=t("page_ledger"), icon=":material/scoreboard:", url_path="ledger"),
    st.Page("views/rules.py", title=t("page_rules"), icon=":material/menu_book:", url_path="rules"),
    st.Page("views/event_check.py", title=t("page_event"), icon=":material/fact_check:", url_path="event"),
    st.Page("views/label.py", title=t("page_label"), icon=":material/label:", url_path="label"),
]


# On a narrow screen (a phone) the sidebar, and the page list in it, starts collapsed behind a small » that
# players miss: every page opens with a menu of the pages, shown only where the sidebar is collapsed.
# (its wrapper hidden too: else the page's gap above it stays, and the title moves down on a laptop)
PAGE_MENU_CSS = ("@media (min-width: 769px) { .st-key-page_menu,"
                 ' [data-testid="stLayoutWrapper"]:has(> .st-key-page_menu) { display: none; } }')


def to_language(code: str) -> None:
    """The page menu's language button: the sidebar's switch's own setting (its key), which the switch and the
    address's ``?lang=`` then show; no second setting of the language."""
    st.session_state[LANG_KEY] = code


def page_menu(shown) -> None:
    """A small "Pages" menu at the top of every page, with a link to each page (phones only). A key of its
    own on each page (``shown``: the page shown): the menu opened to go to a page starts closed there.
    Beside it a button to the other language: on a phone the sidebar's switch is behind the », where a
    visitor who reads only the other language does not look."""
    other = "en" if lang() == "ja" else "ja"
    with st.container(key="page_menu", horizontal=True):
        with st.popover(t("page_menu"), icon=":material/menu:", key=f"page_menu_{shown.url_path or 'home'}"):
            for page in pages:
                st.page_link(page)
        st.button(LANG_NAMES[other], key="page_menu_lang", icon=":material/translate:", type="tertiary",
                  on_click=to_language, args=(other,))
        style(PAGE_MENU_CSS)  # not style-only HTML: see ``common.style``
    page_language(lang())  # the app's stylesheet (a phone's tap targets, Japanese breaks) and <html lang>


def page_title(title: str) -> str:
    """The document's title of the page titled ``title``: "写真で採点 · tilelens"."""
    return f"{title} · tilelens"


def home() -> None:
    """``/``: the score page, at its own address."""
    switch_page(score)


navigation = st.navigation([st.Page(home, title=t("page_score_photo"), default=True, visibility="hidden"), *pages])
# The browser's tab and a screen reader's first words: the page, in the screen's language ("tilelens" alone on
# every page told neither where one was nor that the language had changed)
try:
    shown_title = navigation.title
except AttributeError:  # run bare (a worker process importing this file as its __main__): no page to title
    shown_title = None
if shown_title:
    st.set_page_config(page_title=page_title(shown_title))
page_menu(navigation)
navigation.run()
