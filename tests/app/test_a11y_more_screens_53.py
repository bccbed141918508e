"""Accessibility walkthrough, session 53: what a keyboard or screen reader user met on the Label and score pages.
Accept on the Label page needs a modifier (Enter on any focused button accepted the photo); the hand strip's
buttons say their tile, not a number alone; the tile picker's title is a heading; the focus ring is dark and wide;
a Japanese uploader's hidden English is hidden from screen readers too; headings carry no link tab stop; the
nudge buttons have words; a refusal's toast stays long enough to be read."""
from __future__ import annotations

import pytest
from app_helpers import label_page_dataset, open_page

from app.components.common import app_css, uploader_css


@pytest.fixture
def dataset(tmp_path, monkeypatch, home):
    return label_page_dataset(tmp_path, monkeypatch)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_accept_needs_ctrl_so_enter_on_another_button_does_not_accept(dataset, lang):
    at = open_page("label", lang=lang)
    accept = at.button(key="label_accept")
    assert accept.proto.shortcut.lower() == "ctrl+enter"  # as Streamlit keeps it
    assert "Ctrl+Enter" in accept.help
    assert not any(b.proto.shortcut.lower() == "enter" for b in at.button)


@pytest.mark.parametrize("lang, words", [("en", ["← Left", "→ Right", "↑ Up", "↓ Down"]),
                                         ("ja", ["← 左へ", "→ 右へ", "↑ 上へ", "↓ 下へ"])])
def test_the_nudge_arrows_have_words(dataset, lang, words):
    at = open_page("label", lang=lang)
    at.button(key="label_next_box").click().run()
    assert [at.button(key=f"label_nudge_{arrow}").label for arrow in "←→↑↓"] == words


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_label_page_headings_have_no_link(dataset, lang):
    at = open_page("label", lang=lang)
    headings = list(at.title) + list(at.subheader)
    assert headings and all(h.proto.hide_anchor for h in headings), [(h.value, h.proto.hide_anchor) for h in headings]


def test_the_rules_page_headings_have_no_link(home):
    at = open_page("rules", "nogizaka")
    headings = list(at.title) + list(at.subheader)
    assert len(headings) >= 2 and all(h.proto.hide_anchor for h in headings), [h.value for h in headings]
    marked = [m.value for m in at.markdown if m.value.startswith("#")]  # "#### Table rules" (session 59)
    assert marked and all(m.proto.hide_anchors for m in at.markdown if m.value.startswith("#")), marked


@pytest.mark.parametrize("lang, name", [("en", "Rarin"), ("ja", "らりん")])
def test_a_strip_button_says_its_tile_and_the_number_stays_what_shows(home, lang, name):
    at = open_page("score_manual", "nogizaka", lang=lang)
    for _ in range(2):
        at.button(key="manual_add_rarin").click().run()
    label = at.button(key="manual_tile_1").label
    # the name emphasised (hidden by the strip's css), right after the number (a zero-width space opens it)
    assert label.startswith("2*\u200b") and label.endswith("*"), label
    assert name in label, label
    css = "\n".join(e.proto.body for e in at.main.get("html"))
    assert ".st-key-manual_strip .stButton button em { font-size: 0; clip-path: inset(50%); }" in css


def test_a_doubtful_strip_tile_says_so_in_its_name_and_markdown_in_a_name_is_escaped():
    from app.components.tiles import strip_label

    assert strip_label(3, "Yokai 09", True, "en") == "3*\u200b, Yokai 09 (low confidence\\: tap to check)*"
    assert strip_label(3, "Yokai 09", False, "en") == "3*\u200b, Yokai 09*"
    assert strip_label(1, "a_b*c:d", False, "en") == "1*\u200b, a\\_b\\*c\\:d*"
    assert "信頼度" in strip_label(1, "らりん", True, "ja")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_picker_title_is_a_heading_without_a_link(home, lang):
    at = open_page("score_manual", "nogizaka", lang=lang)
    at.button(key="manual_add_rarin").click().run()
    at.button(key="manual_tile_0").click().run()
    fixing = "Correct tile 1" if lang == "en" else "1枚目の牌を直す"
    heads = [h for h in at.subheader if fixing in h.value]
    assert len(heads) == 1 and heads[0].proto.hide_anchor, [h.value for h in at.subheader]
    assert not any(fixing in m.value for m in at.markdown)


def test_the_focus_ring_is_dark_and_wide_app_wide():
    # important: Streamlit's widgets take their outline away with a class's rule, which a bare :focus-visible loses to
    assert ":focus-visible { outline: 3px solid #222 !important; outline-offset: 2px !important; }" in app_css()


def test_a_japanese_uploaders_english_is_hidden_from_screen_readers_too():
    css = uploader_css("up", 40, ["jpg"])
    # font-size 0 alone left "Upload" and "40MB per file" in the names read aloud ("Upload選ぶ")
    # (and a visible ::after inside a visibility: hidden element was left out of the name: the button had none)
    hide, button, limits = [line for line in css.splitlines() if not line.strip().startswith("#")]
    assert hide == ('.st-key-up [data-testid="stFileUploaderDropzone"] [data-testid="stBaseButton-secondary"] '
                    '[data-testid="stMarkdownContainer"] p, .st-key-up [data-testid="stFileUploaderDropzoneInstructions"]'
                    ' > div span { display: none; }')
    assert button == ('.st-key-up [data-testid="stFileUploaderDropzone"] [data-testid="stBaseButton-secondary"] '
                      '[data-testid="stMarkdownContainer"]::after { content: "選ぶ"; font-size: 0.875rem; }')
    assert limits.startswith('.st-key-up [data-testid="stFileUploaderDropzoneInstructions"] > div::after '
                             '{ content: "1ファイル40MBまで • JPG";'), limits


def test_a_refusal_toast_stays_long(home):
    at = open_page("score_manual", "nogizaka")
    for _ in range(7):  # the set has six of each
        at.button(key="manual_add_rarin").click().run()
    toasts = [t for t in at.toast]
    assert toasts and all(t.proto.duration >= 10 for t in toasts), [(t.value, t.proto.duration) for t in toasts]
