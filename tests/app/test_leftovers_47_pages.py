"""Leftovers: what a person typed (players' names, table folders) shown as typed, not as markdown; the manual
page's typed box and tile count; stylesheets that always reach the page; the Label page's kinds said once; a
riichi hand in one row on a laptop; "hand N" counted as the ledger page counts; each file read once a run."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from app_helpers import add_to_ledger, YOKAI_WIN, open_page, read_as_win, texts, type_hand

APP = Path(__file__).resolve().parents[2] / "app"

# --- player names (and other typed text) shown as typed --------------------------------------------------------

NAMES = ["*Ann*", "_Bo_", "Cy [x](y)", "#Di"]
ESCAPED = [r"\*Ann\*", r"\_Bo\_", r"Cy \[x\](y)", r"\#Di"]


def _as_typed(markdown: str) -> None:
    """Each of NAMES is written escaped in ``markdown`` (shown as typed), never bare (italic, a link, a heading)."""
    left = markdown
    for escaped in ESCAPED:
        left = left.replace(escaped, "")
    for name in NAMES:
        assert name not in left, (name, markdown)


def _match_of_typed_names(home):
    from tilelens.ledger import Ledger

    ledger = Ledger(home / "ledger.sqlite")
    return ledger, ledger.new_match("yokai-watch", NAMES)


def test_escaping_keeps_plain_text_and_escapes_what_markdown_reads():
    from app.components.common import as_typed

    assert as_typed("Ann") == "Ann" and as_typed("table_07") == "table_07"  # "_" inside a word formats nothing
    assert as_typed("太郎") == "太郎"
    assert [as_typed(n) for n in NAMES] == ESCAPED
    assert as_typed("1. Ann") == r"1\. Ann" and as_typed("- Bo") == r"\- Bo" and as_typed("+Cy") == r"\+Cy"
    assert as_typed("a*b`c~d$e|f<g>h\\i&j") == r"a\*b\`c\~d\$e\|f\<g\>h\\i\&j"


def test_the_helpers_doctest_holds():
    import doctest

    from app.components import common

    result = doctest.testmod(common)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_ledger_page_shows_players_names_as_typed(home, lang):
    _match_of_typed_names(home)
    at = open_page("ledger", "yokai-watch", lang=lang)
    assert not at.exception, [e.value for e in at.exception]
    labels = [m.label for m in at.metric]
    assert labels[0].startswith(ESCAPED[0]) and labels[1:] == ESCAPED[1:]  # the cards' labels are markdown too
    _as_typed("\n".join(labels))
    _as_typed(texts(at))  # "Dealer: *Ann*"
    assert ESCAPED[0] in texts(at)


def test_the_final_standings_show_players_names_as_typed(home):
    ledger, match_id = _match_of_typed_names(home)
    for _ in range(40):  # wins by the seat after the dealer move the deal on until the match ends
        state, _hands = ledger.table(match_id)
        if state.ended:
            break
        winner = (state.dealer + 1) % 4
        ledger.add_win(match_id, winner, "ron", {state.dealer: 100})
    assert ledger.table(match_id)[0].ended
    at = open_page("ledger", "yokai-watch")
    standings = [m.value for m in at.markdown if "Final standings" in m.value]
    assert standings, texts(at)
    _as_typed(standings[0])
    assert all(e in standings[0] for e in ESCAPED)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_ledger_box_and_payments_show_players_names_as_typed(home, page, lang):
    # "*Ann* pays ..." read "Ann pays" in italics; "Adds to match #1 · Ann, Bo, ..." the same
    _match_of_typed_names(home)
    at = page("score_manual", "yokai-watch", lang)
    for tile in YOKAI_WIN:
        at.button(key=f"manual_add_{tile}").click().run()
    at.selectbox(key="manual_winner").set_value(0).run()  # nobody is chosen until the player does (session 54)
    assert not at.exception, [e.value for e in at.exception]
    said = texts(at)
    _as_typed(said)
    pays = [m.value for m in at.markdown if m.value.startswith("- ") and ("pays" in m.value or "払う" in m.value)]
    assert len(pays) == 3 and all(ESCAPED[0] in p for p in pays), pays  # each pays the winner, *Ann*
    assert any(ESCAPED[1] in p for p in pays)
    assert ("、" if lang == "ja" else ", ").join(ESCAPED) in said  # the match the hand is added to


def test_the_seat_mismatch_warning_shows_the_winners_name_as_typed(home, page):
    from tilelens.ledger import Ledger

    Ledger(home / "ledger.sqlite").new_match("tokyo-mahjong", NAMES)
    at = type_hand(page("score_manual", "tokyo-mahjong"), "234m456p678s22z555z")
    at.selectbox(key="manual_winner").set_value(0).run()  # *Ann* sits East: "*Ann* sits East at this table: ..."
    assert at.checkbox(key="manual_dealer").value  # Dealer follows the ledger's seating: no mismatch yet
    assert not any(w.value.startswith(ESCAPED[0]) for w in at.warning), [w.value for w in at.warning]
    at.checkbox(key="manual_dealer").uncheck().run()  # scored for South (the seat box's first)
    assert at.selectbox(key="manual_seat").value == "south"
    assert any(w.value.startswith(ESCAPED[0]) for w in at.warning), [w.value for w in at.warning]
    _as_typed(texts(at))


def test_the_photo_page_shows_players_names_as_typed(home, page):
    _match_of_typed_names(home)
    at = read_as_win(page("score_photo", "yokai-watch"), 5)
    at.selectbox(key="photo_winner").set_value(0).run()  # nobody is chosen until the player does (session 54)
    _as_typed(texts(at))
    assert any(ESCAPED[0] in m.value for m in at.markdown if "pays" in m.value)


def test_the_photo_pages_keep_panel_shows_a_datasets_name_as_typed(home, page):
    at = read_as_win(page("score_photo", "yokai-watch"), 5)
    at.text_input(key="photo_keep_name").set_value("_mine_")
    at.button(key="photo_keep").click().run()
    assert not at.exception, [e.value for e in at.exception]
    said = [s.value for s in at.success if "Added to" in s.value]
    assert said and said[0].startswith(r"Added to \_mine\_ as images/train/hand-5.jpg"), [s.value for s in at.success]


def _event_with_table(tmp_path, name: str) -> Path:
    from tilelens.event import CheckOptions, check_event

    from test_event_page import support

    reader = support.ExactReader()
    support.make_table(reader, tmp_path / "event", name, support.CLEAN)
    out = tmp_path / "report"
    check_event(tmp_path / "event", out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    return out


def test_the_event_page_shows_a_tables_folder_name_as_typed(home, tmp_path):
    out = _event_with_table(tmp_path, "*vip*")
    at = open_page("event_check")
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert [e.value for e in at.success] == [r"\*vip\*: In order"]


# --- the manual page: the typed box's words stand on their own; the count where the tiles are tapped -------------

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_typed_box_reads_on_its_own_and_the_count_comes_before_the_palette(home, page, lang):
    at = page("score_manual", "yokai-watch", lang)
    label = at.text_input(key="manual_typed").label
    assert not label.lower().startswith(("or ", "または")), label
    need = {"en": "A hand has 9 tiles (0 now).", "ja": "手牌は9枚にしてください (いま 0枚)。"}[lang]
    assert [i.value for i in at.info] == [need]
    order = [type(e).__name__ for e in at.main.children.values()]
    values = [getattr(e, "value", None) for e in at.main.children.values()]
    assert values.index(need) < order.index("Expander"), order  # said before the palette, not under it


@pytest.mark.parametrize("lang, said", [("en", "(3 of 9 now)"), ("ja", "(いま 3/9枚)")])
def test_the_palette_says_the_count_where_the_tiles_are_tapped(home, page, lang, said):
    at = page("score_manual", "yokai-watch", lang)
    for tile in YOKAI_WIN[:3]:
        at.button(key=f"manual_add_{tile}").click().run()
    (palette,) = [e for e in at.expander if e.label in ("Add a tile", "牌を追加")]
    assert any(said in c.value for c in palette.caption), [c.value for c in palette.caption]


# --- stylesheets: never style-only HTML (sent where it was at times missing on a fresh session's first page) ----

def _stylesheets(at) -> list[str]:
    return [h.proto.body for h in at.get("html") if "<style" in h.proto.body]


def _no_style_only(at) -> None:
    from streamlit.elements.html import _html_only_style_tags

    sheets = _stylesheets(at)
    assert sheets
    assert not [s for s in sheets if _html_only_style_tags(s)], [s[:80] for s in sheets if _html_only_style_tags(s)]


def test_every_stylesheet_of_the_score_pages_reaches_the_page(home, page):
    at = page("score_manual", "tokyo-mahjong", "ja")  # Japanese: the uploader's words too, on the photo page
    type_hand(at, "123m456p789s1122z")
    _no_style_only(at)
    assert sum("manual_strip" in s for s in _stylesheets(at)) == 1  # the hand strip's rules in one stylesheet
    _no_style_only(page("score_photo", "tokyo-mahjong", "ja"))
    _no_style_only(page("event_check", "nogizaka", "ja"))


def test_every_stylesheet_of_the_ledger_page_reaches_the_page(home):
    _match_of_typed_names(home)
    _no_style_only(open_page("ledger", "yokai-watch"))


def test_the_app_writes_stylesheets_through_one_helper():
    """Every ``<style>`` the app writes goes through ``common.style``: none by ``st.html`` elsewhere."""
    found = []
    for path in APP.rglob("*.py"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\bst\.html\(", line) and not (path.name == "common.py" and "_style_html(css" in line):
                found.append(f"{path.relative_to(APP)}:{n}: {line.strip()}")
    assert not found, found


# --- the Label page: each kind's name said once --------------------------------------------------------------------

def test_the_kinds_grid_says_each_name_once(tmp_path, monkeypatch, home):
    from app_helpers import label_page_dataset

    label_page_dataset(tmp_path, monkeypatch)
    at = open_page("label", lang="en")
    (never,) = [e for e in at.expander if e.label == "Kinds never seen (2)"]
    said = [c.value for c in never.caption] + [m.value for m in never.markdown]
    for name in ("3 Man", "Red dragon"):
        assert sum(s.count(name) for s in said) == 1, said
    _no_style_only(at)
    # the pictures are named by the caption under each: decorative to a screen reader, not an unnamed image
    images = [img.proto.imgs[0] for img in never.get("image")]
    assert images and all(i.HasField("alt") and i.alt == "" for i in images)


# --- a 14-tile riichi hand in one row on a laptop, six a row on a phone ----------------------------------------

def test_a_riichi_hand_fits_one_row_on_a_laptop_and_six_a_row_on_a_phone(home, page):
    from app.components.tiles import STRIP_W

    at = page("score_manual", "tokyo-mahjong")
    type_hand(at, "123m456p789s11222z")
    (strip,) = [b for b in at.main.children.values() if getattr(b.proto, "id", "").endswith("-manual_strip")]
    config = strip.proto.flex_container.gap_config
    size = config.DESCRIPTOR.fields_by_name["gap_size"].enum_type.values_by_number[config.gap_size].name
    gap = {"XXSMALL": 4, "XSMALL": 8, "SMALL": 16}[size]  # Streamlit's gaps in pixels

    def fits(n: int, width: int) -> bool:
        return n * STRIP_W + (n - 1) * gap <= width

    # a 1280 px laptop: 1280 less the sidebar (18.75rem) and the wide layout's sides (5rem each) = 820 px
    assert fits(14, 1280 - 300 - 160)
    assert fits(6, 358) and not fits(7, 358)  # a 390 px phone's page (16 px each side): six a row


# --- "hand N": the number the ledger page gives the hand ----------------------------------------------------------

def test_hand_numbers_are_counted_as_the_ledger_page_counts():
    # a chombo's re-deal and a second winner on one discard are no new hand (``TableState.played``)
    from tilelens.ledger import hand_number
    from tilelens.ledger import SAME_DISCARD, HandKind, HandRecord

    hands = [HandRecord(0, HandKind.CHOMBO, offender=1, id="a"), HandRecord(1, HandKind.WIN, 0, "ron", id="b"),
             HandRecord(2, HandKind.WIN, 2, SAME_DISCARD, id="c"), HandRecord(3, HandKind.DRAW, id="d")]
    assert [hand_number(hands, h) for h in "abcd"] == [1, 1, 1, 2]
    assert hand_number(hands, "gone") is None


@pytest.fixture
def match_after_chombo(home):
    """A Yokai Watch match whose first entry is a chombo: the hand is dealt again, still hand 1."""
    from app_helpers import yokai_match

    ledger, match_id = yokai_match(home)
    ledger.add_chombo(match_id, 1, {0: 100, 2: 100, 3: 100})
    return ledger, match_id


def test_a_photos_hand_added_is_named_by_the_ledger_pages_number(match_after_chombo, page):
    ledger, match_id = match_after_chombo
    assert "Hand 1 · " in texts(open_page("ledger", "yokai-watch"))  # the hand the table plays: hand 1 still
    at = read_as_win(page("score_photo", "yokai-watch"), 5)
    add_to_ledger(at, "photo")
    ledger.add_win(match_id, 2, "ron", {1: 100})  # another phone: the table moves on
    at.run()
    said = [i.value for i in at.info if "already in the ledger" in i.value]
    assert said == ["This photo's hand is already in the ledger, as hand 1 of match #1."], [i.value for i in at.info]


def test_a_photos_hand_corrected_after_it_was_added_is_named_by_the_ledger_pages_number(match_after_chombo, page):
    at = read_as_win(page("score_photo", "yokai-watch"), 5)
    add_to_ledger(at, "photo")
    at.session_state["photo_tiles"] = [*YOKAI_WIN[:-1], "yokai-03"]  # corrected since: 9 tiles still
    at.run()
    said = [w.value for w in at.warning if "before your correction" in w.value]
    assert said and "(hand 1)" in said[0] and "undo hand 1" in said[0], said


# --- each file read once a run -------------------------------------------------------------------------------

def _count_reads(monkeypatch, names: tuple[str, ...]) -> list[str]:
    read: list[str] = []
    real = Path.read_text

    def counted(self, *args, **kwargs):
        if self.name in names:
            read.append(self.name)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", counted)
    return read


def test_the_event_page_reads_an_event_report_once_a_run(home, tmp_path, monkeypatch):
    out = _event_with_table(tmp_path, "t1")
    at = open_page("event_check")
    read = _count_reads(monkeypatch, ("event.json", "report.json"))
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception and at.success
    assert read.count("event.json") == 1, read
    read.clear()
    at.text_input(key="event_folder").set_value(str(out / "t1")).run()  # one table's folder
    assert read.count("report.json") == 1, read


def test_the_photo_page_reads_the_ledger_once_a_run(match_after_chombo, page, monkeypatch):
    from tilelens.ledger import Ledger

    ledger, match_id = match_after_chombo
    at = read_as_win(page("score_photo", "yokai-watch"), 5)
    add_to_ledger(at, "photo")
    ledger.add_win(match_id, 2, "ron", {1: 100})
    calls: list[int] = []
    real = Ledger.hands  # ``Ledger.table`` reads the hands through it too

    def hands(self, match_id):
        calls.append(match_id)
        return real(self, match_id)

    monkeypatch.setattr(Ledger, "hands", hands)
    at.run()
    assert any("already in the ledger" in i.value for i in at.info)
    assert calls == [match_id], calls  # the match's hands, read once for the ledger box and the "already" line


@pytest.mark.parametrize(("lang", "words"), [("en", "The report of table-03 is not there"),
                                             ("ja", "table-03 のレポートがありません")])
def test_a_table_whose_report_is_gone_is_named_once(home, tmp_path, lang, words):
    """"The report of table table-03 is not there": a table's folder name that says table is not called a table
    again (``tilelens.event.model.table_named``, as the command and the HTML report say it)."""
    import shutil

    out = _event_with_table(tmp_path, "table-03")
    shutil.rmtree(out / "table-03")
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert any(m.value.startswith(words) for m in at.warning), [m.value for m in at.warning]
