"""Session 53, an accessibility walkthrough of the score and ledger pages:

- a tile picture's Streamlit toolbar (its "Fullscreen" button) is a Tab stop drawn at opacity 0: hidden where the
  picture is a tile (a result's groups, the waits, the picker, the winning hint, the meld rows); the photo keeps
  its button, shown while it has the focus;
- each page's document title names the page, in the screen's language ("写真で採点 · tilelens");
- the photo's labels are white numbers readable on their colour (4.5:1 at least), and a sure tile's label and a
  doubtful one's differ in lightness, not in hue alone (a colour-blind eye saw both olive);
- a red five's picture carries a mark a colour-blind player can see;
- a player's change on the ledger card has its sign ("+40"): a screen reader said "40", gained or lost alike;
- headings add no "Link to heading" Tab stop, and the result's parts ("Groups", "Who pays") are headings;
- the photo's alt text says which tiles are in a called meld, and which kind.
"""
from __future__ import annotations

import re

import pytest
from app_helpers import YOKAI_NEAR, YOKAI_WIN, open_page, read_as, type_hand

from app.components.tiles import no_toolbars_css

_RULE = re.compile(re.escape(no_toolbars_css("KEY")).replace("KEY", "([^\"]+)"))


def _toolbar_free_keys(at) -> list[str]:
    """The key prefixes whose containers have their picture toolbars hidden by the page's stylesheets."""
    return [key for html in at.get("html") for key in _RULE.findall(html.proto.body)]


PHOTO = ("The photo, its tiles boxed", "牌に枠と番号を付けた写真")  # the boxed photo's alt begins so


def _pictures(node, keys=()):
    """(the keys of the containers around it, its alt) of every picture under ``node``."""
    if node.type == "image":
        yield from ((keys, img.alt) for img in node.proto.imgs)
        return
    key = getattr(node, "key", None)
    for child in (getattr(node, "children", None) or {}).values():
        yield from _pictures(child, (*keys, key) if key else keys)


def _with_a_toolbar(at) -> list[str]:
    """The alts of the pictures shown with Streamlit's toolbar, the photo itself left out (it keeps its button)."""
    hidden = _toolbar_free_keys(at)
    return [alt for keys, alt in _pictures(at._tree) if not alt.startswith(PHOTO)
            and not any(k.startswith(prefix) for k in keys for prefix in hidden)]


def _pictured(at) -> int:
    return sum(1 for _, alt in _pictures(at._tree) if not alt.startswith(PHOTO))


@pytest.mark.parametrize("hand", ["234m456p678s22z555z",  # a win: its groups
                                  "123m456p789s11z23m"])  # one short: its waits
def test_no_riichi_result_picture_has_a_toolbar(home, hand):
    at = type_hand(open_page("score_manual", "tokyo-mahjong"), hand)
    assert _pictured(at) > 20
    assert _with_a_toolbar(at) == []


def test_no_donjara_result_picture_has_a_toolbar(home):
    at = type_hand(open_page("score_manual", "yokai-watch"), " ".join(YOKAI_WIN))
    assert at.success and _with_a_toolbar(at) == []


def test_a_meld_rows_pictures_have_no_toolbar(home):
    at = type_hand(open_page("score_manual", "tokyo-mahjong"), "234m456p678s22z")
    at.text_input(key="manual_melds").set_value("pon 555z").run()
    assert any("manual_meld_row_0" in keys for keys, _ in _pictures(at._tree))
    assert _with_a_toolbar(at) == []


def test_the_pickers_and_the_hints_pictures_have_no_toolbar(home):
    from dataclasses import replace

    from app.components.photo import PhotoTile

    at = read_as(open_page("score_photo", "yokai-watch"), "yokai-watch", YOKAI_NEAR)
    reading = at.session_state["photo_reading"]
    tiles = list(reading.tiles)
    tiles[8] = PhotoTile(tiles[8].xyxy, "yokai-09", 0.55, ("almighty",),
                         choices=(("yokai-09", 0.55), ("almighty", 0.35)))
    at.session_state["photo_reading"] = replace(reading, tiles=tuple(tiles))
    at.run()
    at.button(key="photo_tile_8").click().run()
    keys = [k for keys, _ in _pictures(at._tree) for k in keys]
    assert "photo_picker" in keys and "photo_hint" in keys
    assert _with_a_toolbar(at) == []


def test_the_photo_keeps_its_fullscreen_button_shown_while_it_has_the_focus(home):
    at = read_as(open_page("score_photo", "yokai-watch"), "yokai-watch", YOKAI_WIN)
    (keys,) = [keys for keys, alt in _pictures(at._tree) if alt.startswith(PHOTO)]
    assert not any(k.startswith(prefix) for k in keys for prefix in _toolbar_free_keys(at))  # its button kept
    css = "\n".join(h.proto.body for h in at.get("html"))
    assert '[data-testid="stElementToolbar"]:focus-within { opacity: 1; }' in css


# --- the document's title ------------------------------------------------------------------------------------------

PAGES = {"score_photo": ("写真で採点", "Score a photo"), "score_manual": ("手入力で採点", "Enter a hand"),
         "ledger": ("成績表", "Table ledger"), "rules": ("ルールと役", "Rules and yaku")}


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("name", PAGES)
def test_each_page_has_its_own_title_in_the_screens_language(home, monkeypatch, name, lang):
    import streamlit

    titles: list[str | None] = []
    config = streamlit.set_page_config

    def spy(*args, **kwargs):
        titles.append(kwargs.get("page_title"))
        return config(*args, **kwargs)

    monkeypatch.setattr(streamlit, "set_page_config", spy)
    open_page(name, lang=lang)
    said = [title for title in titles if title is not None]
    assert said[-1] == f"{PAGES[name][0 if lang == 'ja' else 1]} · tilelens", titles


# --- the photo's labels --------------------------------------------------------------------------------------------

def _luminance(rgb) -> float:
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(float(c)) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a, b) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_photos_label_colours_are_readable_and_differ_in_lightness():
    from app.components.photo import DOUBTFUL_RED, MELD_BLUE, SURE_GREEN

    for colour in (SURE_GREEN, DOUBTFUL_RED, MELD_BLUE):
        assert _contrast(colour, (255, 255, 255)) >= 4.5, colour  # the white number on it
    assert _contrast(SURE_GREEN, DOUBTFUL_RED) >= 1.5  # told apart by lightness, whatever the hue looks like


def test_the_labels_are_drawn_in_those_colours_with_the_question_mark_kept(monkeypatch):
    import numpy as np
    from PIL import ImageDraw

    from app.components.photo import DOUBTFUL_RED, SURE_GREEN, PhotoTile, boxed

    drawn = []
    text = ImageDraw.ImageDraw.text

    def spy(self, xy, words, *args, **kwargs):
        drawn.append(words)
        return text(self, xy, words, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    tiles = [PhotoTile((10.0, 30.0, 40.0, 70.0), "1m", 0.99), PhotoTile((110.0, 30.0, 140.0, 70.0), "2m", 0.2)]
    image = boxed(np.zeros((100, 200, 3), np.uint8), tiles, ["1m", "2m"])
    assert drawn == ["1", "2?"]
    assert image.getpixel((10, 50)) == SURE_GREEN and image.getpixel((110, 50)) == DOUBTFUL_RED


# --- red fives -----------------------------------------------------------------------------------------------------

def _grey(data: bytes):
    import io

    import numpy as np
    from PIL import Image

    return np.asarray(Image.open(io.BytesIO(data)).convert("L"), dtype=float)


@pytest.mark.parametrize("width", [36, 52, 104])
@pytest.mark.parametrize("suit", "mps")
def test_a_red_five_has_a_mark_a_colour_blind_player_sees(suit, width):
    """In grey (no hue at all) a red five's picture differs from the plain five's: its mark, in the bottom right
    corner (clear of the man tiles' number, session 53), is a dark patch where the plain five has the tile's face."""
    from app.components.resources import face_picture

    plain, red = (_grey(face_picture("tokyo-mahjong", f"{n}{suit}", "", width, riichi=True)) for n in "50")
    h, w = plain.shape
    corner = (slice(h - h // 4, h), slice(w - w // 3, w))
    # a dark patch (its white character in it): a share of near-black the plain face's corner has not
    dark_red, dark_plain = (red[corner] < 45).mean(), (plain[corner] < 45).mean()
    assert dark_red > dark_plain + 0.2, (dark_red, dark_plain)


def test_other_tiles_have_no_mark():
    from app.components.resources import face_picture

    for tile in ("5m", "1p", "9s", "5z", "yokai-01"):
        game = "yokai-watch" if tile.startswith("yokai") else "tokyo-mahjong"
        grey = _grey(face_picture(game, tile, "", 52, riichi=game == "tokyo-mahjong"))
        h, w = grey.shape
        assert grey[: h // 8, w - w // 8:].mean() > 150, tile  # the tile's light face


# --- the ledger card's change --------------------------------------------------------------------------------------

def test_a_cards_change_has_its_sign(home):
    from tilelens.ledger import Ledger

    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy"])
    ledger.add_win(m, 1, "ron", {2: 40})
    at = open_page("ledger", "yokai-watch")
    assert [c.delta for c in at.metric] == ["", "+40", "-40"]


# --- headings ------------------------------------------------------------------------------------------------------

def _headings(at):
    return [*at.title, *at.header, *at.subheader]


def _anchored_markdown(at) -> list[str]:
    return [m.value for m in at.markdown if re.match(r"#{1,6} ", m.value) and not m.proto.hide_anchors]


def test_the_score_pages_headings_add_no_link_tab_stop(home):
    at = type_hand(open_page("score_manual", "tokyo-mahjong"), "234m456p678s22z555z")
    assert len(_headings(at)) >= 2
    assert [h.value for h in _headings(at) if not h.proto.hide_anchor] == []
    assert _anchored_markdown(at) == []
    at = read_as(open_page("score_photo", "yokai-watch"), "yokai-watch", YOKAI_WIN)
    assert [h.value for h in _headings(at) if not h.proto.hide_anchor] == [] and _anchored_markdown(at) == []


def test_the_ledger_pages_headings_add_no_link_tab_stop(home):
    from tilelens.ledger import Ledger

    ledger = Ledger(home / "ledger.sqlite")
    ledger.add_win(ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy"]), 1, "ron", {2: 40})
    at = open_page("ledger", "yokai-watch")
    assert len(_headings(at)) >= 3  # the page's, the hands', the chart's
    assert [h.value for h in _headings(at) if not h.proto.hide_anchor] == [] and _anchored_markdown(at) == []


@pytest.mark.parametrize("lang, words", [("en", ("Hand (14 tiles)", "Groups", "Who pays")),
                                         ("ja", ("手牌 (14枚)", "組み合わせ", "支払い"))])
def test_the_results_parts_are_headings(home, lang, words):
    at = type_hand(open_page("score_manual", "tokyo-mahjong", lang=lang), "234m456p678s22z555z")
    headings = [m.value for m in at.markdown if m.value.startswith("#### ")]
    for word in words:
        assert any(h.startswith(f"#### {word}") for h in headings), (word, headings)


def test_the_waits_are_a_heading(home):
    at = type_hand(open_page("score_manual", "tokyo-mahjong"), "123m456p789s11z23m")
    assert "#### Waits" in [m.value for m in at.markdown]


# --- the photo's alt text names the melds --------------------------------------------------------------------------

RIICHI_OPEN = "2m 3m 4m 4p 5p 6p 6s 7s 8s 2z 2z".split()  # won on 2z, a pon of 5z called


@pytest.mark.parametrize("lang, said", [("en", "White dragon (pon)"), ("ja", "白 (ポン)")])
def test_the_photos_alt_text_says_which_tiles_are_a_called_meld(home, lang, said):
    import cv2

    from vision.synth import render_hand

    photo = render_hand("tokyo-mahjong", RIICHI_OPEN, seed=5, imgsz=1280, layout="melds", effects=0.0,
                        melds=["pon:555z"]).image
    at = open_page("score_photo", "tokyo-mahjong", lang=lang)
    at.file_uploader(key="photo_upload").set_value(("hand.jpg", cv2.imencode(".jpg", photo)[1].tobytes(),
                                                    "image/jpeg")).run()
    assert not at.exception
    (alt,) = [alt for _, alt in _pictures(at._tree) if alt.startswith(PHOTO)]
    assert alt.count(said) == 3, alt
    assert alt.count("(") == 4, alt  # the 3 of the pon, and the alt's own bracket before the list


def test_a_hand_with_no_meld_says_none_in_the_alt(home):
    at = read_as(open_page("score_photo", "yokai-watch"), "yokai-watch", YOKAI_WIN, shown=YOKAI_WIN)
    (alt,) = [alt for _, alt in _pictures(at._tree) if alt.startswith(PHOTO)]
    assert "pon" not in alt and alt.count("(") == 1, alt

