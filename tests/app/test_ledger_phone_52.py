"""The ledger page on a phone (52, a 390 px walkthrough): the hands table fits (the yaku and notes of each hand in
an expander below it); the chart's y-axis fits the totals, each player has a colour of their own, the x-axis is
named and the legend sits on top; the totals are compact, with the places said; the ledger file is named under an
expander; a player's name can be corrected."""
import json

import pytest
from app_helpers import texts

from tilelens.ledger import Ledger


@pytest.fixture
def match(home):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy"])
    ledger.add_win(m, 0, "tsumo", {1: 40, 2: 40}, riichi=(0,), note="基本セット")
    ledger.add_win(m, 1, "ron", {2: 80})
    return ledger, m


def chart_spec(at):
    (chart,) = at.get("vega_lite_chart")
    return json.loads(chart.proto.spec)


@pytest.mark.parametrize("lang, entry, details", [("en", "Entry", "Yaku and notes of each hand"),
                                                   ("ja", "入力順", "各局の役と備考")])
def test_the_hands_table_shows_the_result_and_totals_and_the_rest_below(match, page, lang, entry, details):
    at = page("ledger", "yokai-watch", lang=lang)
    table = at.dataframe[0]  # the hands table first (Tonight's totals below it since session 57)
    assert list(table.proto.column_order)[1:] == [table.value.columns[1], "Ann", "Bo", "Cy"]
    assert list(table.proto.column_order)[0] == entry
    config = json.loads(table.proto.columns)
    assert config[entry]["label"] == "#"  # a narrow first column
    assert all(config[name].get("width") for name in ("Ann", "Bo", "Cy"))
    (box,) = [e for e in at.expander if e.label == details]
    said = "\n".join(m.value for m in box.markdown)
    assert ("基本セット" if lang == "ja" else "Basic set") in said and "Ann" in said  # the yaku, and who declared riichi, still reachable


@pytest.mark.parametrize("lang, x_title", [("en", "Entry"), ("ja", "入力順")])
def test_the_chart_fits_the_totals_with_a_colour_each_and_a_named_axis(match, page, lang, x_title):
    at = page("ledger", "yokai-watch", lang=lang)
    spec = chart_spec(at)
    enc = spec["encoding"]
    low, high = enc["y"]["scale"]["domain"]
    assert 840 < low < 880 and 1080 < high < 1120  # the totals 880-1,080, with a margin: not from 0
    assert enc["y"]["scale"]["zero"] is False
    assert x_title in enc["x"]["title"]
    assert enc["color"]["legend"]["orient"] == "top"
    colours = enc["color"]["scale"]["range"]
    assert len(set(colours[:3])) == 3 and not {"#0068c9", "#83c9ff"} <= set(colours[:3])  # not two blues


def test_the_totals_are_compact_with_the_places_said(match, page):
    at = page("ledger", "yokai-watch")
    assert [m.label for m in at.metric] == ["Ann", "Bo (Dealer)", "Cy"]  # seat order, as the table sits
    assert not any(m.proto.show_border for m in at.metric)
    css = "\n".join(h.proto.body for h in at.get("html") if "ledger_totals" in h.proto.body)
    assert "33.3" in css  # three players: one row of three on a phone, not two and one
    assert "Places: 1. Ann, 2. Bo, 3. Cy" in texts(at)
    ja = page("ledger", "yokai-watch", lang="ja")
    assert "順位: 1位 Ann、2位 Bo、3位 Cy" in texts(ja)


def test_four_players_sit_two_a_row(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    at = page("ledger", "yokai-watch")
    css = "\n".join(h.proto.body for h in at.get("html") if "ledger_totals" in h.proto.body)
    assert "50%" in css and "33.3" not in css
    assert "Places" not in texts(at)  # no hand yet: everyone is level


@pytest.mark.parametrize("lang, where, file_is", [("en", "Where the ledger is kept", "Ledger file: "),
                                                  ("ja", "成績表の保存場所", "成績表のファイル: ")])
def test_the_ledger_file_is_named_under_an_expander(match, page, lang, where, file_is):
    ledger, _ = match
    at = page("ledger", "yokai-watch", lang=lang)
    top = [c.value for c in at.main.children.values() if getattr(c, "type", "") == "caption"]
    assert not any(str(ledger.path) in c for c in top)
    (box,) = [e for e in at.expander if e.label == where]
    # the file named first; then what "Download the ledger file" saves, said before it (session 59), no path again
    named, *download = [c.value for c in box.caption]
    assert named == file_is + str(ledger.path) and len(download) == 1 and str(ledger.path) not in download[0]


def rename(at, old, new):
    (box,) = [s for s in at.selectbox if (s.key or "").startswith("ledger_rename_old_")]
    box.set_value(old)
    (name,) = [s for s in at.text_input if (s.key or "").startswith("ledger_rename_new_")]
    name.set_value(new)
    (button,) = [b for b in at.button if (b.key or "").startswith("FormSubmitter:ledger_rename_")]
    return button.click().run()


def test_a_player_is_renamed_from_the_page(match, page):
    ledger, m = match
    at = rename(page("ledger", "yokai-watch"), 2, "Cyd")
    assert not at.exception and not at.error
    assert ledger.match(m).players == ("Ann", "Bo", "Cyd")
    assert [x.label for x in at.metric] == ["Ann", "Bo (Dealer)", "Cyd"]
    assert "Cyd" in list(at.dataframe[0].value.columns)
    assert any("Cy" in s.value and "Cyd" in s.value for s in at.success)


@pytest.mark.parametrize("lang, new, said", [("en", "Ann", "already a player"), ("ja", "Ann", "すでに"),
                                             ("en", "  ", "empty"), ("ja", "", "空")])
def test_a_rename_refused_is_one_message_in_the_screens_language(match, page, lang, new, said):
    ledger, m = match
    at = rename(page("ledger", "yokai-watch", lang=lang), 1, new)
    assert not at.exception
    (error,) = at.error
    assert said in error.value
    assert ledger.match(m).players == ("Ann", "Bo", "Cy")
