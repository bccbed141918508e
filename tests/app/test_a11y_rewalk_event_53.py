"""Session 53, an accessibility re-walk on a phone, what it still found:

- the Event check page's headings (its title, the summary 「1卓中0卓が問題なし」) carried a "Link to heading" Tab stop;
- the dealer's seat line on a Japanese screen showed its asterisks (「**1番席 (親)**で読んだ牌: …」): markdown does not
  close ``**`` after ")" when a kana follows it;
- the confidence slider was named twice to a screen reader (Streamlit's slider names its thumb by the slider's label
  and by its own, the same: 「この自信度未満の牌は確認に回す この自信度未満の牌は確認に回す」), and the page said 自信
  where the app says 信頼度;
- a red five's mark on a 36 px tile (the result's groups) was a dark dot without a legible 赤;
- Streamlit's "Press Enter to submit form" (a form's text box) was English on a Japanese screen;
- the hand strip's buttons read "1 、一萬" (a space before 、), and a called meld's tiles did not say the call.
"""
from __future__ import annotations

import ast
import io
import re
import unicodedata
from pathlib import Path

import numpy as np
import pytest
from app_helpers import open_page, texts
from PIL import Image

import test_event_page_51 as session_51
from test_event_page_51 import _check, _upload

EVENT_PAGE = Path(__file__).resolve().parents[2] / "app" / "views" / "event_check.py"
# the page and the modules it is split into (its words, its report views)
EVENT_SOURCES = [EVENT_PAGE, *sorted((EVENT_PAGE.parents[1] / "components").glob("event_*.py"))]


@pytest.fixture
def photos(monkeypatch, tmp_path):
    """Session 51's two tables' photos (a clean one, one not in order), read by the exact reader."""
    return session_51.photos.__wrapped__(monkeypatch, tmp_path)


# --- CommonMark's rule for emphasis (spec 0.31, 6.2): a delimiter run closes only where it is right-flanking ----------

def _punct(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "PS"


def _space(ch: str) -> bool:
    return ch == "" or ch.isspace() or unicodedata.category(ch) == "Zs"


def _flanking(text: str, start: int, end: int) -> tuple[bool, bool]:
    """(left-flanking, right-flanking) of the delimiter run ``text[start:end]``."""
    before = text[start - 1] if start else ""
    after = text[end] if end < len(text) else ""
    left = not _space(after) and (not _punct(after) or _space(before) or _punct(before))
    right = not _space(before) and (not _punct(before) or _space(after) or _punct(after))
    return left, right


def _strong_pairs_close(text: str) -> bool:
    """Whether each ``**`` that opens (left-flanking) is followed by one that can close it (right-flanking)."""
    runs = [m.span() for m in re.finditer(r"(?<![\\*])\*\*(?!\*)", text)]
    opened = False
    for start, end in runs:
        left, right = _flanking(text, start, end)
        if opened and right:
            opened = False
        elif left:
            opened = True
        else:
            return False  # a run that neither opens nor closes: drawn as two asterisks
    return not opened


def test_the_flanking_check_tells_the_reported_line_from_a_good_one():
    assert not _strong_pairs_close("**1番席 (親)**で読んだ牌: 1. 一萬")  # what the re-walk saw
    assert _strong_pairs_close("**1番席**で読んだ牌: 1. 一萬")
    assert _strong_pairs_close("**Seat 1 (dealer)**, tiles read: 1. Man")


# --- the Event check page --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_event_pages_headings_add_no_link_tab_stop(home, photos, lang):
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, photos["surplus"])
    _check(at)
    headings = list(at.title) + list(at.subheader) + list(at.header)
    summary = "1卓中0卓が問題なし" if lang == "ja" else "0 of 1 tables in order"
    assert any(h.value == summary for h in headings), [h.value for h in headings]
    assert [h.value for h in headings if not h.proto.hide_anchor] == []


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_seats_line_of_tiles_read_is_bold_where_it_should_be(home, photos, lang):
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, photos["clean"])
    _check(at)
    lines = [m.value for m in at.markdown if "の牌:" in m.value or "tiles read" in m.value]
    assert len(lines) == 4, lines
    dealer = [line for line in lines if "(親)" in line or "(dealer)" in line]
    assert len(dealer) == 1, lines
    assert [line for line in lines if not _strong_pairs_close(line)] == []


def test_the_confidence_threshold_is_named_once_in_the_apps_word(home):
    at = open_page("event_check", game="nogizaka", lang="ja")
    assert not at.slider  # Streamlit's slider names its thumb twice over
    (field,) = [w for w in at.pills if w.key == "event_min_conf"]
    assert field.label == "この信頼度未満の牌は確認に回す"
    assert field.value == pytest.approx(0.8) and field.options[field.indices[0]] == "0.80"
    assert "信頼度" in texts(at)  # the page's introduction says it too


def test_a_threshold_chosen_is_the_one_the_check_uses(home, photos):
    at = open_page("event_check", game="nogizaka")
    at.pills(key="event_min_conf").set_value(0.95).run()
    _upload(at, photos["clean"])
    _check(at)
    assert at.session_state["event_checked"][1][4] == pytest.approx(0.95)


def test_the_event_page_says_no_retired_word_for_confidence():
    said = [node.value for path in EVENT_SOURCES for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and "自信" in node.value]
    assert said == []


# --- the red five's mark ---------------------------------------------------------------------------------------------

def _rgb(data: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB")).astype(int)


def _mark(rgb: np.ndarray) -> np.ndarray:
    """The mark's disc: dark grey pixels (no tile face of a red five is dark and without hue)."""
    return (rgb.max(axis=2) < 80) & (rgb.max(axis=2) - rgb.min(axis=2) < 20)


@pytest.mark.parametrize("width", [36, 52])
@pytest.mark.parametrize("suit", "mps")
def test_a_small_red_fives_mark_is_big_enough_to_hold_a_legible_character(suit, width):
    from app.components.resources import face_picture

    rgb = _rgb(face_picture("tokyo-mahjong", f"0{suit}", "", width, riichi=True))
    ys, xs = np.nonzero(_mark(rgb))
    # 16 px with its white rim (the dark inside 14): it was 12 (10) on a 36 px tile, with no room for the character
    assert xs.max() - xs.min() + 1 >= 13 and ys.max() - ys.min() + 1 >= 13, (xs.min(), xs.max(), ys.min(), ys.max())
    inside = rgb[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    cy, cx = inside.shape[0] // 2, inside.shape[1] // 2
    middle = inside[cy - 4:cy + 4, cx - 4:cx + 4]
    assert (middle.min(axis=2) > 170).sum() >= 8, middle.min(axis=2)  # the character's white strokes


@pytest.mark.parametrize("width", [36, 52, 104])
@pytest.mark.parametrize("suit", "mps")
def test_the_mark_leaves_the_top_of_the_face_its_number_clear(suit, width):
    from app.components.resources import face_picture

    rgb = _rgb(face_picture("tokyo-mahjong", f"0{suit}", "", width, riichi=True))
    assert not _mark(rgb)[: rgb.shape[0] // 2].any()  # 伍 (the man tiles' number) is in the top half


# --- Streamlit's English hint in a text box --------------------------------------------------------------------------

def test_the_press_enter_hint_is_hidden_on_a_japanese_screen_only():
    """Streamlit's hint is the first span of its InputInstructions; a length limit's count ("3/32") follows it."""
    from app.components.common import app_css

    rules = [r.strip() for r in app_css().split("}") if "InputInstructions" in r]
    assert 'html:lang(ja) [data-testid="InputInstructions"] > span:first-child { display: none;' in rules, rules
    assert all(r.startswith("html:lang(ja) ") and "," not in r.split("{")[0] for r in rules), rules
    # the count after it stays, without the dot that joined the two
    assert not any("span:last-child" in r or "+ span {" in r for r in rules), rules
    assert 'html:lang(ja) [data-testid="InputInstructions"] > span:first-child + span::before { content: none;' in rules


@pytest.mark.parametrize("page", ["ledger", "score_manual"])
def test_the_pages_with_a_form_send_that_stylesheet(home, page):
    at = open_page(page, "tokyo-mahjong", lang="ja")
    assert any("InputInstructions" in h.proto.body for h in at.get("html"))


# --- the hand strip's names ------------------------------------------------------------------------------------------

def test_a_strip_buttons_name_has_no_space_before_its_separator():
    from app.components.tiles import strip_label

    ja, en = strip_label(1, "一萬", False, "ja"), strip_label(1, "Man 1", False, "en")
    assert " 、" not in ja and " ," not in en, (ja, en)
    assert ja.startswith("1") and "、一萬" in ja and ", Man 1" in en
    for label in (ja, en, strip_label(3, "Yokai 09", True, "en"), strip_label(1, "a_b*c:d", False, "en")):
        # the name is emphasis (hidden from sight by the strip's stylesheet): its "*" opens and closes
        opening, closing = label.index("*"), len(label) - 1
        assert label[closing] == "*" and _flanking(label, opening, opening + 1)[0], label
        assert _flanking(label, closing, closing + 1)[1], label
        assert label[:opening] == label.split("*")[0] and label[:opening].rstrip("\u200b").isdigit(), label


def test_a_strip_buttons_name_is_hidden_in_its_line_not_taken_out_of_it():
    """An <em> positioned absolute is a block to the browser: the name read had a space before its 、 again."""
    from app.components.tiles import STRIP_CSS

    rule = next(r for r in STRIP_CSS.format(key="k").splitlines() if " em {" in r)
    assert "position" not in rule and "font-size: 0" in rule, rule


@pytest.mark.parametrize("lang, call", [("en", "(pon)"), ("ja", "(ポン)")])
def test_a_strip_buttons_name_says_its_call(lang, call):
    from app.components.tiles import strip_label

    word = call.strip("()")
    assert strip_label(12, "White dragon", False, lang, call=word).endswith(f" {call}*")
    assert call not in strip_label(12, "White dragon", False, lang)


RIICHI_OPEN = "2m 3m 4m 4p 5p 6p 6s 7s 8s 2z 2z".split()  # won on 2z, a pon of 5z called


@pytest.mark.parametrize("lang, said", [("en", "White dragon (pon)"), ("ja", "白 (ポン)")])
def test_a_called_meld_tiles_strip_buttons_say_the_call(home, lang, said):
    import cv2

    from vision.synth import render_hand

    photo = render_hand("tokyo-mahjong", RIICHI_OPEN, seed=5, imgsz=1280, layout="melds", effects=0.0,
                        melds=["pon:555z"]).image
    at = open_page("score_photo", "tokyo-mahjong", lang=lang)
    at.file_uploader(key="photo_upload").set_value(("hand.jpg", cv2.imencode(".jpg", photo)[1].tobytes(),
                                                    "image/jpeg")).run()
    assert not at.exception
    labels = [b.label for b in at.button if b.key and re.fullmatch(r"photo_tile_\d+", b.key)]
    assert sum(said in label for label in labels) == 3, labels
