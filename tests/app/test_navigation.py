"""On a phone the page list lives in the collapsed sidebar (a small » at the top left) and nothing on a page
points to the other pages: each page opens with a small menu of links to every page (shown on narrow
screens only; a laptop has the sidebar's list)."""
import pytest
from app_helpers import open_page

PAGES = ["score_photo", "score_manual", "ledger", "rules", "event_check", "label"]
TITLES = {"en": ["Score a photo", "Enter a hand", "Table ledger", "Rules and yaku", "Event check", "Label tiles"],
          "ja": ["写真で採点", "手入力で採点", "成績表", "ルールと役", "配牌チェック", "ラベル付け"]}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name", ["rules", "ledger"])
def test_every_page_links_to_every_page_in_the_language_shown(home, name, lang):
    at = open_page(name, lang=lang)
    assert [link.value for link in at.get("page_link")] == TITLES[lang]


def popovers(node):
    """Every popover block under ``node``."""
    for child in getattr(node, "children", {}).values():
        if getattr(child, "type", None) == "popover":
            yield child
        yield from popovers(child)


def test_the_menu_opened_to_go_to_a_page_starts_closed_there(home):
    # the same popover on every page stayed open over the page it had just opened: each page's is its own
    ids = []
    for name in ("rules", "ledger"):
        at = open_page(name, lang="en")
        [menu] = [p for p in popovers(at.main) if p.proto.id.endswith(f"-page_menu_{name}")]  # Rules has Restore's too
        assert menu.proto.popover.label == "Pages" and not menu.proto.popover.open
        ids.append(menu.proto.id)
    assert ids[0] != ids[1]


def test_the_menu_shows_on_narrow_screens_only_and_its_stylesheet_stays_in_the_page(home):
    # a style-only st.html goes to Streamlit's event container, where it was at times missing on a fresh
    # session's first page: the menu then showed on a laptop beside the sidebar's own page list
    at = open_page("rules", lang="en")
    bodies = [e.proto.body for e in at.main.get("html")]
    assert any("min-width: 769px" in b and ".st-key-page_menu" in b and "<span></span>" in b for b in bodies)
