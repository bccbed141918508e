"""The app on a phone (390 css px wide), session 52's walkthrough: what the shared stylesheet and the router ask for.

A browser's layout is checked by eye on phone screenshots; these tests pin the rules the app sends (tap targets of
at least 40 css px, Japanese line breaks by phrase, the game picker's name in full) and the page menu's language
switch."""
import re
from pathlib import Path

import pytest
from app_helpers import open_page

from app.components.common import (PHONE_CSS, game_name_css, japanese_breaks_css, page_language_html)

# Streamlit 1.67's test ids of the controls a finger taps that it draws smaller than 40 css px on a phone
SMALL_CONTROLS = ['[data-testid="stFileChipDeleteBtn"]',  # the x that removes an uploaded photo (14 px)
                  '[data-testid="stFileUploader"] [data-testid="stBaseButton-borderlessIcon"]',  # its + (20 px)
                  '[data-testid="stCheckbox"] label',  # a checkbox's row (its box is 13 px)
                  '[data-testid="stTooltipIcon"]',  # the "?" help icon (16 px)
                  '[data-testid="stButtonGroup"] button',  # Tsumo/Ron, Players 2/3/4 (32 px tall)
                  '[data-testid="stPageLink-NavLink"]', '[data-testid="stSidebarNavLink"]',  # links (28 px tall)
                  '[data-testid="stExpandSidebarButton"]',  # the >> that opens the sidebar (28 px)
                  '[data-testid="stElementToolbarButton"]']  # a table's or a photo's toolbar icons (24 px)


def rules_of(css: str) -> dict[str, str]:
    """Each selector of ``css``'s phone media query and its declarations."""
    body = css.split("@media (max-width: 640px)", 1)[1]
    return {sel.strip(): decl for sels, decl in re.findall(r"([^{}]+)\{([^{}]*)\}", body) for sel in sels.split(",")}


@pytest.mark.parametrize("control", SMALL_CONTROLS)
def test_every_small_control_is_40_css_px_on_a_phone(control):
    rules = rules_of(PHONE_CSS)
    decls = [d for s, d in rules.items() if s.startswith(control)]
    assert decls and all("min-height: 2.5rem" in d for d in decls), (control, decls)


def test_the_phone_rules_leave_a_laptop_alone():
    """Every rule of the phone stylesheet is inside the phone-width media query."""
    outside = re.sub(r"@media \(max-width: 640px\)(?:, \(pointer: coarse\))? \{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "",
                     PHONE_CSS)
    assert "{" not in outside, outside


def test_japanese_breaks_by_phrase_and_the_page_says_its_language():
    """「宮本フレデ/リカ」「リーチなしで上がれま/す」: Chrome breaks Japanese at a phrase's end (word-break:
    auto-phrase) only in an element whose language is Japanese: the page's <html lang> is set to the screen's."""
    assert "word-break: auto-phrase" in japanese_breaks_css()
    assert ":lang(ja)" in japanese_breaks_css()
    assert ('html:lang(ja) [data-testid="stTable"] th, html:lang(ja) [data-testid="stTable"] th *'
            ' { word-break: keep-all; }') in japanese_breaks_css()  # the header's markdown inside it too
    ja, en = page_language_html("ja"), page_language_html("en")
    assert 'document.documentElement.lang = "ja"' in ja and "auto-phrase" in ja
    assert 'document.documentElement.lang = "en"' in en


@pytest.mark.parametrize("lang, code", [("ja", "ja"), ("en", "en")])
def test_every_page_sends_the_phone_rules_and_its_language(home, lang, code):
    at = open_page("rules", lang=lang)
    bodies = [e.proto.body for e in at.main.get("html")]
    assert any("stFileChipDeleteBtn" in b and "max-width: 640px" in b for b in bodies)
    assert any(f'document.documentElement.lang = "{code}"' in b and "auto-phrase" in b for b in bodies)


def test_the_chosen_games_full_name_shows_on_a_phone():
    """A phone clipped 「ドンジャラNEO アイドルマスター シンデレラガー」 (an input does not wrap): over the picker, its
    name in full, on two lines where it needs them; the picker's own text is shown again while it is typed in."""
    css = game_name_css("ドンジャラNEO アイドルマスター シンデレラガールズ")
    assert css.startswith("@media (max-width: 640px)")
    assert 'content: "ドンジャラNEO アイドルマスター シンデレラガールズ"' in css and "white-space: normal" in css
    assert 'input[role="combobox"]:not(:focus)' in css


def test_a_game_name_cannot_end_the_stylesheet():
    """A house table's name is typed by an organiser: a quote, a backslash or "</style>" stays text."""
    css = game_name_css('A "B" \\ </style><b>x')
    assert "</style>" not in css and "<b>" not in css
    assert r'content: "A \"B\" \\ \3c /style\3e \3c b\3e x"' in css


def test_the_game_picker_sends_its_name_for_a_phone(home):
    at = open_page("rules", "cinderella-neo", lang="ja")
    bodies = [e.proto.body for e in at.main.get("html")]
    assert any(".st-key-game_id" in b and "ドンジャラNEO アイドルマスター シンデレラガールズ" in b for b in bodies)


def test_the_page_menu_switches_the_language(home):
    """On a phone the language switch was only behind the >> (the sidebar): the page menu's row has a button to the
    other language. It sets the one language setting, the sidebar's switch and the address's ?lang= follow."""
    at = open_page("rules", lang="ja")
    button = at.button(key="page_menu_lang")
    assert button.label == "English"
    button.click().run()
    assert not at.exception
    assert at.session_state["lang"] == "en" and at.title[0].value == "Rules and yaku"
    assert at.sidebar.get("button_group")[0].value == "en"
    assert at.button(key="page_menu_lang").label == "日本語"
    at.button(key="page_menu_lang").click().run()
    assert at.session_state["lang"] == "ja" and at.title[0].value == "ルールと役"


def test_the_pots_figure_stays_on_the_line_of_its_words():
    """「場のリーチのチップ:」 at a line's end and "0" alone on the next: a no-break space joins them."""
    from app.components.i18n import DONJARA_STRINGS, STRINGS

    assert STRINGS["pot"][0] == "場のリーチ棒:\u00a0{pot}"
    assert DONJARA_STRINGS["pot"][0] == "場のリーチのチップ:\u00a0{pot}"


def test_japanese_phrase_breaks_reach_the_paragraphs_themselves():
    """Streamlit's own rule on each <p> (word-break: break-word) overrode the containers': 「チッ/プ」 still broke."""
    css = japanese_breaks_css()
    assert '[data-testid="stMarkdownContainer"] :is(p' in css and "auto-phrase !important" in css


def test_the_label_pages_game_pickers_get_the_full_name_too():
    """The Label page's pickers have keys of their own: the overlay only knew the other pages' (game_id)."""
    css = game_name_css("ドンジャラNEO アイドルマスター シンデレラガールズ", key="label_init_game")
    assert ".st-key-label_init_game" in css and ".st-key-game_id" not in css
    source = "".join((Path(__file__).parents[2] / "app" / path).read_text(encoding="utf-8")
                     for path in ("views/label.py", "components/label_datasets.py"))
    assert 'key="label_game"))' in source and 'key="label_init_game"))' in source
