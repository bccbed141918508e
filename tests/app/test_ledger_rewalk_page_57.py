"""Session 57 (K2, the club evening's re-walk R1) on the ledger page: a match both laptops recorded with different hands
(kept twice by a merge) is added up once in Tonight's totals, the pair said under it and named in the match picker;
Tonight's totals shows for an evening of one match, and names the evening's other games' matches with a way to them;
a merge says which games its matches came in under; the New match form starts from the newest match's uma, return
points and sticks, a match under way says them, and a total of matches with and without them says so; every final
score in Tonight's totals with as many decimals; tied places say who got the odd hundred; this laptop's ledger file is
downloaded from "Where the ledger is kept", in words a phone's reader understands."""
from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest
from app_helpers import texts

from tilelens.ledger import DrawKeep, Ledger, rules_for
from tilelens.ledger_merge import merge_ledgers

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the ledger tests' helpers
from ledger_helpers import at as when, started  # noqa: E402

GAME = "yokai-watch"
RIICHI = "tokyo-mahjong"


def kept_twice(home):
    """The app's ledger after a merge of the other laptop's: #1 a match of this table, #2 one of both tables recorded
    here, #3 the other laptop's record of #2 (its last hand another), kept beside it."""
    a = Ledger(home / "ledger.sqlite")
    one = a.new_match(GAME, ["Ann", "Ben", "Chika", "Daiki"])
    a.add_win(one, 0, "ron", {1: 100})
    started(a, one, when(6, 19, 0))
    two = a.new_match(GAME, ["Eri", "Fumi", "Goro", "Hana"])
    a.add_win(two, 3, "ron", {0: 80})
    started(a, two, when(6, 19, 30))
    (home / "b").mkdir()
    b = Ledger(home / "b" / "ledger.sqlite")
    b.path.write_bytes(a.path.read_bytes())
    a.add_win(two, 1, "ron", {2: 20})
    b.add_win(two, 2, "ron", {1: 60})
    merge_ledgers(a.path, b.path)
    return a


def tonight_table(at_):
    (table,) = [d for d in at_.dataframe if any(c in ("Total", "合計") for c in d.value.columns)]
    return table.value


def warnings(at_):
    return [w.value.replace("\\", "") for w in at_.warning]


def test_tonight_adds_up_the_copy_once_and_says_the_pair(home, page):
    kept_twice(home)
    at_ = page("ledger", GAME)
    assert at_.multiselect(key=f"ledger_tonight_{GAME}").value == [2, 1]  # #3 not ticked: the table counted once
    (fumi,) = [row for _, row in tonight_table(at_).iterrows()
               if row["Player"] == "Fumi"]
    assert fumi["Total"] == "+20"
    assert ("#2 and #3 are one match recorded differently on two laptops: #3 "
            "is not added up, as on every laptop that has both; delete the wrong one (choose it as the match above, then Delete this match)"
            ) in warnings(at_), warnings(at_)
    assert "not ticked" not in texts(at_)  # said as the other record, not as a match of the evening left out
    picker = at_.selectbox(key=f"ledger_match_{GAME}")
    assert picker.options[:2] == [
        "#3 · Eri, Fumi, Goro, Hana (another record of #2)", "#2 · Eri, Fumi, Goro, Hana"]
    at_.multiselect(key=f"ledger_tonight_{GAME}").select(3).run()
    assert "#2 and #3 are one match recorded differently on two laptops: both are added up here, so that table " \
           "counts twice; delete the wrong one (choose it as the match above, then Delete this match)" \
           in warnings(at_), warnings(at_)


def test_the_pair_said_in_japanese(home, page):
    kept_twice(home)
    at_ = page("ledger", GAME, lang="ja")
    assert "#2と#3は、2台のパソコンで違って記録された同じ対局です。#3は合計に" \
           "入れていません (両方があるどのパソコンでも同じ)。間違っているほうを削除してください (上でその対局を選んで「この対局を削除」)" in warnings(at_)
    picker = at_.selectbox(key=f"ledger_match_{GAME}")
    assert picker.options[0] == "#3 · Eri、Fumi、Goro、Hana (#2の別の記録)"


def test_tonight_shows_for_an_evening_of_one_match(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(GAME, ["Ann", "Ben", "Chika", "Daiki"])
    ledger.add_win(m, 0, "ron", {1: 100})
    at_ = page("ledger", GAME)
    assert "Tonight's totals" in [s.value for s in at_.subheader]
    table = tonight_table(at_)
    assert list(table["Player"])[0] == "Ann" and list(table["Total"])[0] == "+100"


def test_tonight_names_the_evenings_other_games_with_a_way_to_them(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(GAME, ["Ann", "Ben", "Chika", "Daiki"])
    ledger.add_win(m, 0, "ron", {1: 100})
    started(ledger, m, when(6, 19, 0))
    r = ledger.new_match(RIICHI, ["Eri", "Fumi", "Goro", "Hana"])
    ledger.add_win(r, 1, "ron", {0: 1000})
    started(ledger, r, when(6, 19, 10))
    at_ = page("ledger", GAME)
    assert "Tonight's other games, not added up here: #2 Tokyo Mahjong (riichi)" in texts(at_), texts(at_)
    at_.button(key=f"ledger_show_game_{RIICHI}").click().run()
    assert at_.selectbox(key="game_id").value == RIICHI
    assert at_.selectbox(key=f"ledger_match_{RIICHI}").value.id == r
    assert "Tonight's other games, not added up here: #1 Yokai Watch Donjara" in texts(at_), texts(at_)


def test_a_merge_says_which_games_its_matches_came_in_under(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.add_win(ledger.new_match(RIICHI, ["Ann", "Bo", "Cy", "Di"]), 1, "ron", {0: 1000})
    other = Ledger(home / "other.sqlite")
    other.add_win(other.new_match(GAME, ["Eri", "Fumi", "Goro", "Hana"]), 0, "ron", {1: 100})
    at_ = page("ledger", RIICHI)
    uploader = next(u for u in at_.get("file_uploader") if u.key.startswith("ledger_merge_file"))
    uploader.set_value(("other.sqlite", other.path.read_bytes(), "application/vnd.sqlite3"))
    at_.run()
    at_.button(key="ledger_merge").click().run()
    assert "#2 is a match of Yokai Watch Donjara: choose that game above to see it and add it up" in texts(at_), \
        texts(at_)
    at_.button(key=f"ledger_merge_show_{GAME}").click().run()
    assert at_.selectbox(key="game_id").value == GAME


def club_rules(**options):
    return replace(rules_for(RIICHI), laps=1, keep_on_dealer_win=False, keep_on_draw=DrawKeep.NEVER, noten_total=0,
                   **options)


def test_the_new_match_form_starts_from_the_newest_matchs_options(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.new_match(RIICHI, ["Ann", "Bo", "Cy", "Di"], club_rules(uma=(20, 10, -10, -20), return_points=30000,
                                                                   leftover_sticks="top"))
    at_ = page("ledger", RIICHI)
    assert at_.selectbox(key=f"ledger_uma_{RIICHI}").value == (20, 10, -10, -20)
    assert at_.number_input(key=f"ledger_return_{RIICHI}").value == 30000
    assert at_.selectbox(key=f"ledger_leftover_{RIICHI}").value == "top"
    assert "Uma, return points and the sticks left start as in #1, this game's newest match." in texts(at_)


def test_a_match_under_way_says_its_options(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(RIICHI, ["Ann", "Bo", "Cy", "Di"], club_rules(uma=(20, 10, -10, -20), return_points=30000))
    ledger.add_win(m, 0, "ron", {3: 8000})
    at_ = page("ledger", RIICHI)
    assert not ledger.state(m).ended
    assert "Final score: (total − 30,000) ÷ 1,000, uma +20/+10/-10/-20, oka +20 to the top" in texts(at_), texts(at_)


def test_tonight_says_a_match_without_uma_is_added_to_final_scores(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(RIICHI, ["Ann", "Bo", "Cy", "Di"], club_rules(uma=(20, 10, -10, -20), return_points=30000))
    for winner, payer, points in ((0, 3, 15000), (0, 2, 5000), (1, 2, 5000)):
        ledger.add_win(m, winner, "ron", {payer: points})
    ledger.add_draw(m)
    plain = ledger.new_match(RIICHI, ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(plain, 1, "ron", {0: 8300})
    at_ = page("ledger", RIICHI)
    assert "#2 has no uma or oka: its results are (total less the starting points) ÷ 1,000, added to the final " \
           "scores of #1" in texts(at_), texts(at_)
    table = tonight_table(at_)
    ann = table[table["Player"] == "Ann"].iloc[0]
    assert (ann["#1"], ann["#2"], ann["Total"]) == ("+55.0", "-8.3", "+46.7")  # one decimal for all


def test_tied_places_say_who_got_the_odd_hundred(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(RIICHI, ["Ann", "Bo", "Cy", "Di"], club_rules(uma=(20, 10, -10, -20), return_points=30000))
    for winner, payer in ((0, 1), (0, 2), (0, 3)):
        ledger.add_win(m, winner, "ron", {payer: 1000})
    ledger.add_draw(m)
    assert ledger.state(m).ended and ledger.state(m).totals == (28000, 24000, 24000, 24000)
    at_ = page("ledger", RIICHI)
    assert "tied places share their uma and oka equally, in hundreds of points, the odd hundreds going to the first " \
           "of them in seat order" in texts(at_), texts(at_)


@pytest.mark.parametrize("lang, where, label", [("en", "Where the ledger is kept", "Download the ledger file"),
                                                ("ja", "成績表の保存場所", "成績表のファイルをダウンロード")])
def test_the_ledger_file_is_downloaded_from_where_it_is_kept(home, page, lang, where, label):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.add_win(ledger.new_match(GAME, ["Ann", "Ben", "Chika", "Daiki"]), 0, "ron", {1: 100})
    at_ = page("ledger", GAME, lang=lang)
    (kept,) = [e for e in at_.expander if e.label == where]
    (button,) = kept.get("download_button")
    assert button.proto.label == label
    merge = next(e for e in at_.expander if e.label in ("Add another laptop's ledger", "ほかのパソコンの成績表を追加"))
    assert not merge.get("download_button")
    assert "this computer" not in texts(at_) and "このパソコンの成績表をダウンロード" not in texts(at_)
