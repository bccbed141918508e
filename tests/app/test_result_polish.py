"""What a phone showed wrong about a result: a hand short of tiles said nothing in the result's line above the
hand, payments named "player 2" at a table whose players are known, and the event page said an event with a
zipped table skipped was "N of N tables in order"."""
from __future__ import annotations

import pytest

from app_helpers import add_to_ledger, event_page_head, open_page, texts, tsumo, type_hand
from tilelens.ledger import Ledger

YOKAI_WIN = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["almighty"]


def summary_text(at, prefix: str) -> str:
    boxes = [b for b in at.main.children.values() if getattr(b.proto, "id", "").endswith(f"-{prefix}_summary")]
    return " ".join(str(m.value) for box in boxes for m in box.get("markdown"))


def add(at, tiles):
    for tile in tiles:
        at.button(key=f"manual_add_{tile}").click().run()
    return at


# --- 1. a hand short of tiles (or that cannot be scored) says so in the line above the hand -------------------

@pytest.mark.parametrize("lang, said", [("en", "A hand has 9 tiles (5 now)"), ("ja", "手牌は9枚にしてください (いま 5枚)")])
def test_a_hand_short_of_tiles_says_so_in_the_result_line(home, lang, said):
    """A photo that missed tiles showed "A hand has 9 tiles" only below the options, two screens down on a
    phone: the line above the hand says it too."""
    at = add(open_page("score_manual", "yokai-watch", lang=lang), YOKAI_WIN[:5])
    assert said in summary_text(at, "manual")
    assert any(said in i.value for i in at.info)  # still said below, as before


@pytest.mark.parametrize("lang, said", [("en", "Cannot score"), ("ja", "採点できません")])
def test_a_hand_that_cannot_be_scored_says_why_in_the_result_line(home, lang, said):
    at = type_hand(open_page("score_manual", "tokyo-mahjong", lang=lang), "11111m")  # five 1m: the set has four
    (error,) = [e.value for e in at.error if said in e.value]
    line = summary_text(at, "manual")
    assert said in line and error.partition(said)[2].strip(": ") in line


def test_too_many_melds_is_said_in_the_result_line(home):
    at = type_hand(open_page("score_manual", "tokyo-mahjong"), "11m")
    at.text_input(key="manual_melds").set_value("pon 111p pon 222p pon 333p pon 444p pon 555p").run()
    assert "at most four melds" in summary_text(at, "manual")


# --- 2. payments name the players where a match is open --------------------------------------------------------

def test_payments_name_the_players_of_the_open_match(home):
    """A tsumo of 120 at a Yokai Watch table of Ann, Bo, Cy and Di said "player 1 pays 40 points": it now says
    who pays whom, and follows the winner chosen; a ron names the discarder."""
    Ledger(home / "ledger.sqlite").new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    at = add(open_page("score_manual", "yokai-watch"), YOKAI_WIN)
    at.selectbox(key="manual_winner").set_value(0).run()  # nobody is chosen until the player does (session 54)
    said = texts(at)
    for payer in ("Bo", "Cy", "Di"):
        assert f"{payer} pays Ann 40 points" in said
    assert "player 1" not in said
    at.selectbox(key="manual_winner").set_value(2).run()
    said = texts(at)
    assert "Ann pays Cy 40 points" in said and "Cy pays" not in said
    at.pills(key="manual_wintile").set_value("yokai-03")  # a ron on a discarded yokai
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.selectbox(key="manual_discarder").set_value(3).run()
    said = texts(at)
    assert "Di pays Cy 100 points" in said and "discarder" not in said


def test_payments_name_the_players_in_japanese(home):
    Ledger(home / "ledger.sqlite").new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    at = add(open_page("score_manual", "yokai-watch", lang="ja"), YOKAI_WIN)
    at.selectbox(key="manual_winner").set_value(0).run()  # nobody is chosen until the player does (session 54)
    said = texts(at)
    assert "BoがAnnに40点払う" in said and "プレイヤー" not in said


def test_riichi_payments_name_the_seat_each_wind_sits_at(home):
    """A riichi tsumo names its payers by wind ("east (dealer)"): at the match's table, the player of that seat."""
    Ledger(home / "ledger.sqlite").new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    at = tsumo(type_hand(open_page("score_manual", "tokyo-mahjong"), "234m456p678s22z555z"))
    at.checkbox(key="manual_riichi").uncheck().run()
    at.selectbox(key="manual_winner").set_value(1).run()  # S sits south, as the options say
    said = texts(at)
    assert "E pays S 1,300 points" in said and "W pays S 700 points" in said and "N pays S 700 points" in said
    assert "dealer" not in said


def test_without_a_match_payments_keep_the_plain_wording(home):
    at = add(open_page("score_manual", "yokai-watch"), YOKAI_WIN)
    assert texts(at).count("pays 40 points") == 3 and "Player 1 pays 40 points" in texts(at)


# --- 3. an event with a zipped table skipped is not in order -----------------------------------------------------

@pytest.mark.parametrize("lang, said", [
    ("en", ["not in order", "1 of 1 tables in order", "1 compressed file not checked", "table-03.zip",
            "unzip it into a folder of its own"]),
    ("ja", ["すべて問題なしとは言えません", "1卓中1卓が問題なし", "圧縮ファイル 1件", "table-03.zip", "別のフォルダに展開して"])])
def test_an_event_with_a_zipped_table_skipped_is_said_not_in_order(home, tmp_path, lang, said):
    """event.json says in_order false (table-03.zip was skipped unread), the HTML report "not in order": the
    page said "1 of 1 tables in order"."""
    from test_event_page import support

    from tilelens.event import CheckOptions, check_event

    reader = support.ExactReader()
    support.make_table(reader, tmp_path / "event", "t1", support.CLEAN)
    (tmp_path / "event" / "table-03.zip").write_bytes(b"not a zip at all")
    out = tmp_path / "report"
    check_event(tmp_path / "event", out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    at, shown = event_page_head(out, lang)
    for words in said:
        assert words in shown, (words, shown)
    if lang == "en":
        assert at.subheader[0].value != "1 of 1 tables in order"


def test_payments_of_a_hand_added_name_who_paid_as_the_ledger_took_it(home):
    """Once added, the table moves on (the deal passes): the payments still say who paid this hand, not the
    seats the winds of the next deal would give (S dealt: S paid the dealer's share)."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    ledger.add_win(match, 1, "ron", {0: 1000})  # S wins off E: S deals now
    at = tsumo(type_hand(open_page("score_manual", "tokyo-mahjong"), "234m456p678s22z555z"))
    at.checkbox(key="manual_riichi").uncheck().run()
    at.selectbox(key="manual_winner").set_value(3).run()  # N sits west of S's deal
    at.selectbox(key="manual_seat").set_value("west").run()
    said = texts(at)
    assert "S pays N 1,000 points" in said and "W pays N 500 points" in said and "E pays N 500 points" in said
    add_to_ledger(at, "manual")
    assert ledger.state(match).dealer == 2 and "Added to the ledger" in texts(at)
    said = texts(at)
    assert "S pays N 1,000 points" in said and "W pays N 500 points" in said and "E pays N 500 points" in said
