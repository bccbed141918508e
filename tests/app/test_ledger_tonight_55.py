"""Session 55: the ledger page's Tonight's totals (今夜の合計). A walker summed an evening of three Cinderella Girls
matches by hand (one ended early, the last with three players, after midnight): the page now ticks the matches of
the newest match's evening and shows a row per player, the highest total first, their result in each match (the
total less the starting points; – where they did not play) and the sum, in the game's unit, narrow enough for a
phone (the player and the total pinned, the matches' columns scrolling)."""
import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from app_helpers import texts

from tilelens.ledger import Ledger, rules_for

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the ledger tests' helpers
from ledger_helpers import walkers_evening  # noqa: E402

GAME = "cinderella-neo"


@pytest.fixture
def evening(home):
    """#1 another evening's match; #2, #3, #4 the walker's evening."""
    return walkers_evening(Ledger(home / "ledger.sqlite"))


def tonight_table(at_):
    (table,) = [d for d in at_.dataframe if any(c in ("Total", "合計") for c in d.value.columns)]
    return table


@pytest.mark.parametrize("lang, title, player, total, unit, played", [
    ("en", "Tonight's totals", "Player", "Total", "x10,000 fans", "Matches"),
    ("ja", "今夜の合計", "プレイヤー", "合計", "万", "対局数")])
def test_tonights_totals_tick_the_evening_and_sum_each_player(evening, page, lang, title, player, total, unit, played):
    _, (old, one, two, three) = evening
    at_ = page("ledger", GAME, lang=lang)
    assert title in [h.value for h in at_.subheader]
    assert at_.multiselect(key=f"ledger_tonight_{GAME}").value == [three, two, one]  # the evening's, newest first
    table = tonight_table(at_)
    frame = table.value
    assert list(table.proto.column_order) == [player, total, played, f"#{one}", f"#{two}", f"#{three}"]
    assert frame[player].tolist() == ["Daiki", "Ben", "Chika", "Ann"]  # the highest total first
    assert frame[total].tolist() == ["+121", "+34", "+2", "-157"]
    assert frame[f"#{two}"].tolist() == ["+140", "+68", "-20", "-188"]
    assert frame[f"#{three}"].isna().tolist() == [True, False, False, False]  # Daiki had left: no result, not 0
    assert frame[f"#{three}"].tolist()[1:] == ["0", "+4", "-4"]
    assert f"#{old}" not in frame.columns  # another evening's match not ticked
    assert table.proto.placeholder == "–"  # a player not at a table: a dash, not "None"
    assert unit in texts(at_)


def test_the_table_fits_a_phone_the_player_and_total_pinned(evening, page):
    at_ = page("ledger", GAME)
    config = json.loads(tonight_table(at_).proto.columns)
    assert config["Player"]["pinned"] and config["Total"]["pinned"]
    _, (_, one, _, _) = evening
    assert "pinned" not in config[f"#{one}"] or not config[f"#{one}"]["pinned"]
    assert all(config[c].get("width") and config[c]["width"] <= 80 for c in ("Total", f"#{one}"))


def test_a_match_unticked_leaves_the_sum(evening, page):
    _, (old, one, two, three) = evening
    at_ = page("ledger", GAME)
    at_.multiselect(key=f"ledger_tonight_{GAME}").set_value([two, three]).run()
    frame = tonight_table(at_).value
    assert dict(zip(frame["Player"], frame["Total"])) == {"Daiki": "+140", "Ben": "+68", "Chika": "-16",
                                                          "Ann": "-192"}
    at_.multiselect(key=f"ledger_tonight_{GAME}").set_value([old]).run()
    assert tonight_table(at_).value["Total"].tolist() == ["+50", "0", "0", "-50"]


def test_none_ticked_says_to_choose(evening, page):
    at_ = page("ledger", GAME)
    at_.multiselect(key=f"ledger_tonight_{GAME}").set_value([]).run()
    assert not [d for d in at_.dataframe if "Total" in d.value.columns]
    assert "Choose the matches to add up." in texts(at_)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_matches_in_different_units_are_refused_in_one_message(home, page, lang):
    """A club's table changed from x10,000 fans to chips mid-evening: a match keeps the unit it started in."""
    ledger = Ledger(home / "ledger.sqlite")
    fans = ledger.new_match(GAME, ["Ann", "Ben"])
    ledger.add_win(fans, 0, "ron", {1: 10})
    chips = ledger.new_match(GAME, ["Ann", "Ben"], replace(rules_for(GAME), currency_en="chips", currency_ja="チップ"))
    ledger.add_win(chips, 1, "ron", {0: 10})
    at_ = page("ledger", GAME, lang=lang)
    (said,) = [e.value for e in at_.error]
    assert ("x10,000 fans" in said and "chips" in said) if lang == "en" else ("万" in said and "チップ" in said)
    assert not [d for d in at_.dataframe if any(c in ("Total", "合計") for c in d.value.columns)]


def test_look_alike_names_are_said(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    a = ledger.new_match(GAME, ["Ann", "Ben"])
    ledger.add_win(a, 0, "ron", {1: 10})
    b = ledger.new_match(GAME, ["ann", "Ben"])
    ledger.add_win(b, 0, "ron", {1: 10})
    at_ = page("ledger", GAME)
    assert tonight_table(at_).value["Player"].tolist() == ["Ann", "ann", "Ben"]
    assert "Ann / ann" in texts(at_) and "Rename a player" in texts(at_)


def test_one_match_alone_has_tonights_totals_too(home, page):
    # session 57 (club re-walk R1): an evening of one match per game had no evening total in the app
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(GAME, ["Ann", "Ben"])
    ledger.add_win(m, 0, "ron", {1: 10})
    at_ = page("ledger", GAME)
    assert "Tonight's totals" in [h.value for h in at_.subheader]
