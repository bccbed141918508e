"""The Label page on a phone (390x844, session 53): no keyboard hints where there is no keyboard, and boxes easier to
hit than the 25 x 35 css px a tile's box is on a photo there (a list to pick one from, a tap beside a box selects
it). A laptop keeps its hints as they were; what a browser lays out is checked on phone screenshots."""
import pytest
from app_helpers import label_page_dataset, open_page

from app.components import box_editor
from app.components.common import DESKTOP, KEYBOARDLESS, app_css


@pytest.fixture
def dataset(tmp_path, monkeypatch, home):
    return label_page_dataset(tmp_path, monkeypatch)


def html_bodies(at) -> str:
    return "\n".join(e.proto.body for e in at.main.get("html"))


def test_the_app_hides_a_buttons_keyboard_shortcut_where_there_is_no_keyboard():
    """Streamlit writes a button's shortcut on it ("OK・次へ Ctrl+Enter", "次の枠 B"): not on a phone or a tablet."""
    assert KEYBOARDLESS == "(hover: none) and (pointer: coarse)"  # a finger, whatever the width
    assert f'@media {KEYBOARDLESS} {{ [data-testid="stButton"] kbd {{ display: none; }} }}' in app_css()


@pytest.mark.parametrize("lang, delete, nudge, keys", [("en", "Delete box", "Nudge", "Shift+arrows"),
                                                      ("ja", "枠を消す", "動かす", "Shift+矢印")])
def test_the_keys_said_in_words_are_said_on_a_laptop_only(dataset, lang, delete, nudge, keys):
    at = open_page("label", lang=lang)
    at.button(key="label_next_box").click().run()
    assert at.button(key="label_delete").label == delete  # "(Delete)" was in the label on every screen
    assert nudge in [c.value for c in at.caption]
    css = html_bodies(at)
    assert f'@media {DESKTOP} {{ .st-key-label_delete p::after {{ content: " (Delete)"; }} }}' in css
    assert f'@media {DESKTOP} {{ .st-key-label_nudge_said p::after {{ content: " ({keys})"; }} }}' in css


@pytest.mark.parametrize("lang, touch", [
    ("en", "One finger scrolls the page"), ("ja", "1本指でページをスクロールします")])
def test_a_phone_is_told_how_to_use_the_photo_with_a_finger_a_laptop_as_before(dataset, lang, touch):
    at = open_page("label", lang=lang)
    mouse = [c for c in at.caption if c.value.startswith(("Drag on the photo", "写真の上をドラッグ"))]
    finger = [c for c in at.caption if c.value.startswith(touch)]
    assert len(mouse) == 1 and len(finger) == 1
    assert "click" not in finger[0].value and "クリック" not in finger[0].value
    css = html_bodies(at)
    wrapped = '.st-key-{0}, [data-testid="stLayoutWrapper"]:has(> .st-key-{0})'.format  # no gap left where it was
    assert f"@media {KEYBOARDLESS} {{ {wrapped('label_hint_mouse')} {{ display: none; }} }}" in css
    assert (f"@media {DESKTOP} {{ {wrapped('label_hint_touch')}, {wrapped('label_box_list')} {{ display: none; }} }}"
            in css)


def test_a_box_is_picked_from_a_list_on_a_phone(dataset):
    at = open_page("label", lang="ja")
    pick = next(s for s in at.selectbox if (s.key or "").startswith("label_box_pick_"))
    assert pick.label == "枠を選ぶ" and pick.value is None
    assert list(pick.options) == ["枠 1: 一萬", "枠 2: 二萬"]
    pick.set_value(1).run()
    assert "枠 2: 二萬" in [m.value.strip("*") for m in at.markdown]
    # the list follows a box chosen another way (Next box)
    at.button(key="label_next_box").click().run()
    pick = next(s for s in at.selectbox if (s.key or "").startswith("label_box_pick_"))
    assert pick.value == 0 and "枠 1: 一萬" in [m.value.strip("*") for m in at.markdown]
    assert not at.exception


def test_a_finger_that_taps_beside_a_small_box_selects_it():
    """A tap on no box selects the box nearest it within TAP_REACH css px (a finger's tap on a 25 px box); a mouse
    click still selects only the box it is in."""
    js = box_editor._JS
    assert "const TAP_REACH = 16;" in js
    assert 'touch = e.pointerType === "touch"' in js
    assert "choose(grab >= 0 || !touch ? grab : nearest(s, shown));" in js
