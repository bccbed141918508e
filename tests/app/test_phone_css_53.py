"""The app on a phone (390x844), session 53's leftovers: what the shared stylesheet asks for, checked by eye on phone
screenshots (the rules pinned here).

- text inputs were 36 css px tall, a drop-down's field and its open button 38, a fold's header (expander) 38: every
  tap target is at least 40 under 640 px;
- a table's toolbar, its icons 40 px since session 52, was 60 px tall from 44 px above the table: tapped on a phone
  it lay over the table's header row;
- Japanese names broke inside a word in a narrow column: 「(シンデレラガール/ズ)」 under an English yaku name,
  「宮本フレデ/リカ」 in the palette."""
import re

import pytest
from app_helpers import open_page

from app.components.common import PHONE_CSS, japanese_breaks_css, phrase_breaks

ZWSP = "\u200b"


def phone_rules(css: str) -> dict[str, str]:
    """Each selector of ``css``'s phone media query and its declarations (selectors of one rule each their own)."""
    body = css.split("@media (max-width: 640px)", 1)[1]
    return {sel.strip(): decl for sels, decl in re.findall(r"([^{}]+)\{([^{}]*)\}", body) for sel in sels.split(",")}


@pytest.mark.parametrize("control", [
    '[data-testid="stTextInputField"]',  # a text input: 36 px
    '[data-testid="stSelectbox"] input[role="combobox"]',  # a drop-down's field: 38 px
    '[data-testid="stSelectbox"] [role="group"] button',  # its open button: 32 x 38 px
    '[data-testid="stExpander"] summary',  # a fold's header: 38 px
])
def test_inputs_drop_downs_and_fold_headers_are_40_css_px_on_a_phone(control):
    decl = phone_rules(PHONE_CSS).get(control)
    assert decl is not None and "min-height: 2.5rem" in decl, (control, decl)


def test_a_tables_toolbar_sits_above_the_table_not_over_its_header():
    """Its bottom at the table's top edge (its height whatever its icons'), its own padding kept to 4 px below."""
    rules = phone_rules(PHONE_CSS)
    toolbar = rules['[data-testid="stElementToolbar"]']
    assert "top: auto" in toolbar and "bottom: 100%" in toolbar, toolbar
    assert "padding: 0 0 0.25rem 0.5rem" in toolbar
    assert "padding: 0" in rules['[data-testid="stElementToolbarButtonContainer"]']


@pytest.mark.parametrize("name, broken", [
    ("宮本フレデリカ", "宮本|フレデリカ"),  # a family name, then a given name in katakana
    ("シンデレラガールズ", "シンデレラ|ガールズ"),
    ("スタートダッシュライブユニット", "スタート|ダッシュ|ライブ|ユニット"),
    ("リハーサルライブセット", "リハーサル|ライブ|セット"),
    ("5スターユニット", "5スター|ユニット"),
    ("SPライブセットA", "SP|ライブ|セットA"),
    ("オールマイティ(キュート)", "オール|マイティ|(キュート)"),
    ("ピンクオールマイティ", "ピンク|オール|マイティ"),
    ("神オールマイティ", "神|オール|マイティ"),
    ("島村卯月", "島村卯月"),  # nothing to tell where its family name ends: left to the browser
    ("ユニット", "ユニット"),  # a word alone is not broken before itself
    ("Start Dash Live Unit", "Start Dash Live Unit"),
])
def test_phrase_breaks_put_a_zero_width_space_between_the_words_of_a_name(name, broken):
    assert phrase_breaks(name) == broken.replace("|", ZWSP)


def test_phrase_breaks_change_nothing_a_reader_sees():
    for name in ("宮本フレデリカ", "スタートダッシュライブユニット", "オールマイティ(パッション)"):
        assert phrase_breaks(name).replace(ZWSP, "") == name


def test_a_tables_japanese_on_an_english_screen_breaks_only_between_words():
    """An English page breaks Japanese between any two characters (its words' language is English): in a table's
    cells it breaks only where a word ends (``phrase_breaks``) or at a space."""
    css = japanese_breaks_css()
    assert ('html:not(:lang(ja)) [data-testid="stTable"] td, html:not(:lang(ja)) [data-testid="stTable"] td *'
            " { word-break: keep-all; overflow-wrap: break-word; }") in css


def test_the_palettes_names_break_between_words(home):
    """「宮本フレデ/リカ」 in the palette's four-a-row cells on a phone."""
    at = open_page("score_manual", "cinderella-neo", lang="ja")
    assert at.button(key="manual_add_miyamoto-furederika").label == f"宮本{ZWSP}フレデリカ"
    assert at.button(key="manual_add_shimamura-uzuki").label == "島村卯月"
    bodies = "\n".join(e.proto.body for e in at.main.get("html"))
    # the palette's cells' names: only between words, over the page's phrase breaks (auto-phrase)
    assert ('.st-key-manual_add_grid .stButton [data-testid="stMarkdownContainer"] p'
            " { word-break: keep-all !important; overflow-wrap: anywhere; }") in bodies


def test_the_english_yaku_tables_japanese_names_break_between_words(home):
    table = open_page("rules", "cinderella-neo", lang="en").table[0].value
    names = list(table[table.columns[0]])
    assert f"Cinderella Girls  \n(シンデレラ{ZWSP}ガールズ)" in names, names
