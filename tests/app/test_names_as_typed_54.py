"""Session 54: names from a club's game file, a dataset's address and an event's report reached markdown as they
were: a tile group named ``![p](http://evil.example/t.png)`` loaded a remote picture on the Rules page, a link in
it showed as a link. Every element of the pages fixed is walked (its value, label, help, body, placeholder) for a
link or picture markdown would still read: none is left. And the laptop's own paths are not shown to a phone."""
from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from app_helpers import MAIN as MAIN_PATH, label_dataset, open_page, texts
from test_added_game_50 import club_text

from app import settings

EVIL = "EVL ![p](http://evil.example/t.png) [click](http://evil.example) "
RAW_LINK = re.compile(r"(?<!\\)\]\(http")  # "](http" markdown reads as a link or a picture: "\](http" it does not
SEAM = "TILELENS_VISITOR"


def raw_links(at: AppTest) -> list[tuple[str, str, str]]:
    """Every text of every element on the page that holds the evil name with a link markdown would read."""
    out = []

    def walk(node) -> None:
        if type(node).__name__ == "Html":  # a stylesheet: a name in it is a CSS string (``css_string``), not markdown
            return
        for attr in ("value", "label", "help", "body", "placeholder"):
            if attr == "value" and type(node).__name__ in ("TextArea", "TextInput"):
                continue  # what a box holds is text, not markdown (its label and help are)
            holder = getattr(node, "proto", None) if attr in ("help", "body", "placeholder") else node
            try:
                v = getattr(holder, attr, None)
            except Exception:  # noqa: BLE001 - an element without it
                v = None
            if isinstance(v, str) and "EVL" in v and RAW_LINK.search(v):
                out.append((type(node).__name__, attr, v[:160]))
        children = getattr(node, "children", None)
        for child in children.values() if isinstance(children, dict) else ():
            walk(child)

    walk(at._tree)
    return out


def evil_club() -> str:
    """The club game with every name (game, tiles, groups, yaku) and its riichi call opening with EVIL, and its
    first yaku local (said in an expander of its own on the Rules page)."""
    text = club_text().replace('name_en = "', 'name_en = "' + EVIL).replace('name_ja = "', 'name_ja = "' + EVIL)
    text = text.replace("points = 60\n", "points = 60\nlocal = true\n", 1)
    text = text.replace('calls = { draw_ja = "流局", draw_en = "Nobody won" }\n', "", 1)  # the shipped file's, replaced
    return text.replace("[table]\n", f'[table]\ncalls = {{ riichi_ja = "{EVIL}", riichi_en = "{EVIL}" }}\n', 1)


@pytest.fixture
def club(home):
    settings.add_game(evil_club())
    return "club"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_page_shows_a_club_files_names_as_typed(club, lang):
    at = open_page("rules", club, lang)
    assert not at.exception, [e.value for e in at.exception]
    assert "EVL" in texts(at)  # the names are on the page: as typed
    assert any("EVL" in e.label for e in at.expander)  # the local yaku's fold, by its name
    assert raw_links(at) == []


def test_the_rules_views_sentences_escape_the_names(club):
    from app.components.rules_view import almighty_limits_said, table_summary, yaku_details
    from scorer import load_game

    game = load_game(str(settings.added_path(club)))
    said = [*almighty_limits_said(game), *table_summary(game), *(label for label, _ in yaku_details(game))]
    assert any("EVL" in line for line in said)
    assert [line for line in said if RAW_LINK.search(line)] == []


def test_a_photo_in_the_address_no_longer_there_is_said_as_typed(tmp_path, home, monkeypatch):
    root = label_dataset(tmp_path / "ds", ["images/train/a.jpg"])
    monkeypatch.delenv("TILELENS_LABEL_DIR", raising=False)
    at = AppTest.from_file(str(MAIN_PATH), default_timeout=60)
    at.query_params["dataset"] = str(root)
    at.query_params["photo"] = f"{EVIL}x.jpg"
    at.run()
    at.switch_page("views/label.py").run()
    assert not at.exception, [e.value for e in at.exception]
    assert "no longer in this dataset" in texts(at) or "もうこのデータセットにありません" in texts(at)
    assert raw_links(at) == []


def _all_helps(at: AppTest) -> list[str]:
    out = []

    def walk(node) -> None:
        v = getattr(getattr(node, "proto", None), "help", None)
        if isinstance(v, str) and v:
            out.append(v)
        children = getattr(node, "children", None)
        for child in children.values() if isinstance(children, dict) else ():
            walk(child)

    walk(at._tree)
    return out


def test_a_phone_is_not_shown_the_laptops_datasets_path(home, monkeypatch):
    monkeypatch.setenv(SEAM, "network")
    monkeypatch.delenv("TILELENS_LABEL_DIR", raising=False)
    at = open_page("label", lang="en")
    full = str(settings.datasets_dir())
    assert at.text_input(key="label_new_name").help  # the help is there
    assert [h for h in _all_helps(at) if full in h] == []
    assert full not in texts(at)


def test_the_person_at_the_computer_still_sees_where_datasets_are_kept(home, monkeypatch):
    monkeypatch.delenv(SEAM, raising=False)
    monkeypatch.delenv("TILELENS_LABEL_DIR", raising=False)
    at = open_page("label", lang="en")
    assert str(settings.datasets_dir()) in at.text_input(key="label_new_name").help


def _house_note_page(lang: str, table: str) -> AppTest:
    def page(table: str, lang: str) -> None:
        import streamlit as st

        from app.views.label import _house_note
        st.session_state["lang"] = lang
        _house_note(table)

    return AppTest.from_function(page, kwargs={"table": table, "lang": lang}).run()


def test_the_house_tables_full_path_is_not_a_phones_tooltip(home, monkeypatch):
    table = str(home / "home" / "games" / "edited" / "nogizaka.toml")
    monkeypatch.setenv(SEAM, "network")
    at = _house_note_page("en", table)
    assert not at.exception, [e.value for e in at.exception]
    assert at.caption and table not in at.caption[0].value and not at.caption[0].proto.help
    monkeypatch.delenv(SEAM)
    at = _house_note_page("en", table)
    assert at.caption[0].proto.help == table  # on the laptop: the full path to copy


def test_an_event_pictures_note_shows_its_path_as_code():
    def page() -> None:
        from app.components.event_table_view import picture_note
        picture_note("thumbs/EVL ![p](http://evil.example/t.png).jpg", "outside")
        picture_note("thumbs/EVL [click](http://evil.example).jpg", "bad")

    at = AppTest.from_function(page).run()
    assert not at.exception, [e.value for e in at.exception]
    notes = [c.value for c in at.caption if "thumbs/EVL" in c.value]
    assert len(notes) == 2 and all("`thumbs/EVL" in n for n in notes), notes



def test_a_club_games_yaku_and_tile_names_are_shown_as_typed_on_the_scoring_page(home):
    """The review's second half (session 54): a club file's yaku names in the win line and the yaku line, its tile
    names in the waits line and each wait's card, and the typed-hand fold's example, all went into Markdown as they
    were: a name with an image and a link rendered them."""
    from app.components import result

    evil = "EVL ![p](http://evil.example/t.png)"
    said = result.yaku_label(type("Hit", (), {"name": evil, "name_en": evil, "points": 60, "han": None})(), "点")
    assert "![p](http" not in said and "p\\](http" in said, said  # the image's Markdown escaped, the name kept


def test_the_ledger_pages_hand_lines_show_names_as_typed(home):
    """The hand details went into Markdown as the ledger holds them: a player named with a link rendered it."""
    from tilelens.ledger import Ledger

    evil = "EVL ![p](http://evil.example/t.png)"
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("nogizaka", [evil, "Bo", "Cy", "Di"])
    ledger.add_win(m, 0, "ron", {1: 60})
    at = open_page("ledger", game="nogizaka")
    lines = [md.value for e in at.expander for md in e.markdown if "EVL" in md.value]
    assert lines and not [line for line in lines if "![p](http" in line], lines
