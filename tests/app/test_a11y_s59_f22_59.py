"""Session 59 (F22, from W4's walk with a screen reader's needs): what a player who cannot hover met on the pages.

1. A button's help (its tooltip) reaches no phone, zoomed screen or screen reader: what a tap does that cannot be
   seen from its label (Rules' "Remove this game" and the tile sets it stops reading; the ledger's "Download the
   ledger file" and where to add it; "Keep this file under another name" deletes nothing) is a caption just above
   the button.
2. The Rules page's "Table rules" and the ledger's "Final standings" (markdown headings) add no "Link to heading"
   Tab stop.
3. A yaku fold whose description is out of step with the table says so in its label too, not only inside the fold.
4. The ledger's three CSV buttons say which CSV each is: the hands, the final standings, the totals.
5. (Label: Accept's refusal shown just above Accept: see the report; it needs a call in app/views/label.py.)
6. An example hand's groups (and a result's) say their kind before their tiles: a screen reader hears where each
   group starts.
"""
from __future__ import annotations

import re

import pytest
from app_helpers import open_page
from test_added_game_50 import club_text
from test_added_game_walk_50 import _tileset

from app import settings
from tilelens.ledger import Ledger


@pytest.fixture
def models(tmp_path, monkeypatch):
    folder = tmp_path / "models"
    folder.mkdir()
    monkeypatch.setenv("TILELENS_MODELS", str(folder))
    return folder


def _flat(node):
    """Every element under ``node`` in the order a screen reader reads them."""
    kids = getattr(node, "children", None)
    if kids is None:
        yield node
        return
    for child in kids.values():
        yield from _flat(child)


def _key(node) -> str:
    return getattr(node, "key", None) or getattr(getattr(node, "proto", None), "id", "") or ""


def _said_before(at, key: str) -> str:
    """The element just before the widget ``key`` (a caption's words; "" for anything else)."""
    nodes = list(_flat(at.main))
    (at_,) = [i for i, n in enumerate(nodes) if _key(n) == key or _key(n).endswith(f"-{key}")]
    before = nodes[at_ - 1]
    return before.value if before.type == "caption" else ""


def _help(at, key: str):
    return next(n for n in _flat(at.main) if _key(n) == key or _key(n).endswith(f"-{key}")).proto.help


# ---- 1. what a tap does, in a caption beside its button ---------------------------------------------------------
@pytest.mark.parametrize("lang, said", [("en", "moved aside, not deleted"), ("ja", "消さずに別のフォルダへ移します")])
def test_remove_this_game_says_what_it_does_in_a_caption_above_it(home, models, lang, said):
    settings.add_game(club_text())
    _tileset(models, "club-en", str(settings.added_path("club")))
    at = open_page("rules", "club", lang)
    caption = _said_before(at, "rules_remove")
    assert said in caption and "club-en" in caption, caption  # the tile sets it stops reading too
    assert not at.button(key="rules_remove").help  # said once


@pytest.mark.parametrize("lang, said", [("en", "Add another laptop's ledger"), ("ja", "ほかのパソコンの成績表を追加")])
def test_download_the_ledger_file_says_where_to_add_it_in_a_caption_above_it(home, lang, said):
    led = Ledger(home / "ledger.sqlite")
    led.add_win(led.new_match("yokai-watch", ["Ann", "Bo", "Cy"]), 1, "ron", {2: 40})
    at = open_page("ledger", "yokai-watch", lang)
    assert said in _said_before(at, "ledger_download_file"), _said_before(at, "ledger_download_file")
    assert not _help(at, "ledger_download_file")


@pytest.mark.parametrize("lang, said", [("en", "Nothing is deleted"), ("ja", "ファイルは消さずに")])
def test_keep_this_file_under_another_name_says_nothing_is_deleted_above_it(home, lang, said):
    (home / "ledger.sqlite").write_bytes(b"this is not a database" * 100)
    at = open_page("ledger", "yokai-watch", lang)
    assert said in _said_before(at, "ledger_move_aside"), _said_before(at, "ledger_move_aside")
    assert not at.button(key="ledger_move_aside").help


# ---- 2. markdown headings without a "Link to heading" Tab stop ---------------------------------------------------
def _anchored(at) -> list[str]:
    return [m.value for m in at.markdown if re.match(r"#{1,6} ", m.value) and not m.proto.hide_anchors]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_table_rules_heading_adds_no_link(home, lang):
    at = open_page("rules", "nogizaka", lang)
    assert any(m.value.startswith("#### ") for m in at.markdown)
    assert _anchored(at) == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_final_standings_heading_adds_no_link(home, lang):
    led = Ledger(home / "ledger.sqlite")
    m = led.new_match("nogizaka", ["Ann", "Bo", "Cy", "Di"])
    led.add_win(m, 0, "ron", {1: 500})
    led.add_win(m, 2, "ron", {1: 500})  # Bo has nothing left: the match has ended
    at = open_page("ledger", "nogizaka", lang)
    heading = "#### Final standings" if lang == "en" else "#### 最終順位"
    assert any(heading in md.value for md in at.markdown)
    assert _anchored(at) == []


# ---- 3. out of step, said in the fold's label -------------------------------------------------------------------
def _stale_nogizaka() -> str:
    text = settings.shipped_path("nogizaka").read_text(encoding="utf-8").replace("points = 60", "points = 90", 1)
    text = text.replace('description = "three sets of one member each"',
                        'description = "three sets of one member each (ron: 60 from the discarder)"')
    return text.replace('description_ja = "同じメンバー3枚のセット3つ"', 'description_ja = "同じメンバー3枚のセット3つ (ロン: 60)"')


@pytest.mark.parametrize("lang, label, mark", [("en", "Basic set · 90 points", "(description out of step)"),
                                               ("ja", "基本セット · 90点", "(説明が表と合いません)")])
def test_a_fold_out_of_step_says_so_in_its_label(home, lang, label, mark):
    folder = settings.house_dir("nogizaka")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "0.toml").write_text(_stale_nogizaka(), encoding="utf-8")
    labels = [e.label for e in open_page("rules", "nogizaka", lang).expander]
    assert f"{label} {mark}" in labels, labels
    assert sum(mark in x for x in labels) == 1, labels  # only the yaku out of step


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_shipped_tables_folds_are_not_marked(home, lang):
    labels = [e.label for e in open_page("rules", "nogizaka", lang).expander]
    assert not [x for x in labels if "out of step" in x or "合いません" in x], labels


# ---- 4. the three CSV buttons say which CSV -----------------------------------------------------------------------
@pytest.mark.parametrize("lang, hands, standings", [
    ("en", "Export the hands (CSV)", "Export the final standings (CSV)"),
    ("ja", "局の記録をCSVで書き出す", "最終順位をCSVで書き出す")])
def test_each_csv_button_says_which_csv(home, lang, hands, standings):
    led = Ledger(home / "ledger.sqlite")
    m = led.new_match("nogizaka", ["Ann", "Bo", "Cy", "Di"])
    led.add_win(m, 0, "ron", {1: 500})
    led.add_win(m, 2, "ron", {1: 500})
    at = open_page("ledger", "nogizaka", lang)
    labels = {_key(n).rsplit("-", 1)[-1]: n.proto.label for n in _flat(at.main) if n.type == "download_button"}
    assert labels.get("ledger_csv") == hands and labels.get("ledger_standings_csv") == standings, labels


# ---- 6. a group's kind before its tiles ---------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_example_hands_groups_say_their_kind_before_their_tiles(home, lang):
    at = open_page("rules", "cinderella-neo", lang)
    at.session_state["rules_fold_cinderella-neo_five-star-unit"] = True
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    (example,) = [n for n in _flat_blocks(at.main) if _key(n) == "rules_example_five-star-unit"]
    rows = [n for n in example.children.values() if getattr(n, "children", None)]
    assert len(rows) >= 3, rows
    for row in rows:
        first, *rest = row.children.values()
        assert first.type == "caption" and first.value.strip(), [c.type for c in row.children.values()]
        # then the tiles, each named in its alt (in a row of their own, under the caption)
        tiles = list(rest[0].children.values()) if rest and rest[0].type == "flex_container" else rest
        assert tiles and all(c.type == "image" for c in tiles), [c.type for c in tiles]


def _flat_blocks(node):
    kids = getattr(node, "children", None)
    if kids is None:
        return
    yield node
    for child in kids.values():
        yield from _flat_blocks(child)
