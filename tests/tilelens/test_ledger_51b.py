"""Ledger words from a re-walk of Donjara evenings (session 51): a Donjara match's refusals say 捨てた人, not
放銃者; a hand nobody won is said as the page's button says it ("nobody won"), once, not "draw · note: Draw";
the CSV names a chombo's declarer in its own column, not in "win"; the refusals of a new match's names start
with a capital."""
import csv
import io
from dataclasses import replace

import pytest

from tilelens.ledger import Ledger, LedgerError, rules_for
from tilelens.ledger_cli import show_text


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.sqlite")


def refusal(ledger, game):
    m = ledger.new_match(game, ["A", "B", "C", "D"], replace(rules_for(game), several_ron=True))
    ledger.add_win(m, 0, "ron", {1: 20})
    with pytest.raises(LedgerError) as err:
        ledger.add_win(m, 2, "ron", {3: 20}, same_discard=True)  # another discarder on "the same discard"
    return err.value


def test_a_donjara_same_discard_refusal_says_the_one_who_discarded(ledger):
    err = refusal(ledger, "cinderella-neo")
    assert "放銃" not in err.message_ja and "捨てた人" in err.message_ja, err.message_ja
    assert "B" in err.message_ja
    err = refusal(ledger, "tokyo-mahjong")  # riichi mahjong keeps its word
    assert "放銃者" in err.message_ja, err.message_ja


def show(ledger, m, lang):
    state, hands = ledger.table(m)
    return show_text(ledger.match(m), hands, state, lang)


@pytest.mark.parametrize("lang, said, not_said", [("en", "Hand 1: nobody won", ["draw", "Draw"]),
                                                  ("ja", "1局目: 誰も上がらず", ["流局", "メモ"])])
def test_a_donjara_hand_nobody_won_is_said_once_as_the_button_says_it(ledger, lang, said, not_said):
    m = ledger.new_match("yokai-watch", ["A", "B", "C"])
    ledger.add_draw(m, note="流局")  # as a Japanese phone stores it (the app's own note)
    line = next(x for x in show(ledger, m, lang).splitlines() if x.startswith("  #1 "))
    assert line.strip().endswith(said), line
    assert not any(word in line for word in not_said), line


@pytest.mark.parametrize("lang, said", [("en", "East 1, honba 0: draw"), ("ja", "東1局 0本場: 流局")])
def test_a_riichi_draw_keeps_its_word_and_is_said_once(ledger, lang, said):
    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    ledger.add_draw(m, note="Draw")
    line = next(x for x in show(ledger, m, lang).splitlines() if x.startswith("  #1 "))
    assert line.strip().endswith(said), line  # no "· note: Draw"


def test_a_typed_draw_note_is_still_said(ledger):
    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    ledger.add_draw(m, note="B left early")
    assert "note: B left early" in show(ledger, m, "en")


def test_the_csv_names_a_chombos_declarer_in_a_column_of_its_own(ledger):
    m = ledger.new_match("nogizaka", ["A", "B", "C", "D"])
    ledger.add_chombo(m, 3, {0: 100, 1: 100, 2: 100})
    rows = list(csv.DictReader(io.StringIO(ledger.to_csv(m))))
    assert rows[1]["kind"] == "chombo" and rows[1]["win"] == "" and rows[1]["winner"] == ""
    assert rows[1]["chombo by"] == "D" and rows[0]["chombo by"] == ""
    header = next(csv.reader(io.StringIO(ledger.to_csv(m))))
    # the columns before it are where they were: "dealt in" right after the players' totals
    assert header == ["entry", "kind", "winner", "win", "riichi", "tenpai", "note", "A", "B", "C", "D", "dealt in",
                      "chombo by", "hand", "round", "honba"]


@pytest.mark.parametrize("names, said", [(["A", "B", "C"], "A table of Nogizaka Donjara (fan-made) has 4 players"),
                                         ([" "], "No player names"), (["A", "", "B", "C"], "A player's name is empty"),
                                         (["A", "A", "B", "C"], "The name A is given twice")])
def test_the_names_refusals_start_with_a_capital(ledger, names, said):
    with pytest.raises(LedgerError) as err:
        ledger.new_match("nogizaka", names)
    assert str(err.value).startswith(said), str(err.value)


def test_the_same_discard_refusals_are_said_in_japanese_too(ledger):
    """Three of them were English alone on a Japanese screen."""
    m = ledger.new_match("cinderella-neo", ["A", "B", "C", "D"])  # one ron a discard, by its rules
    ledger.add_win(m, 0, "ron", {1: 20})
    with pytest.raises(LedgerError) as err:
        ledger.add_win(m, 2, "ron", {1: 20}, same_discard=True)
    assert "1人だけ" in err.value.message_ja, err.value.message_ja
    m = ledger.new_match("cinderella-neo", ["A", "B", "C", "E"], replace(rules_for("cinderella-neo"), several_ron=True))
    ledger.add_win(m, 0, "tsumo", {1: 20, 2: 20, 3: 20})
    with pytest.raises(LedgerError) as err:
        ledger.add_win(m, 2, "ron", {1: 20}, same_discard=True)
    assert "ロンではない" in err.value.message_ja, err.value.message_ja
    with pytest.raises(LedgerError) as err:
        ledger.add_win(m, 2, "tsumo", {1: 20, 3: 20, 0: 20}, same_discard=True)
    assert "捨てた人だけ" in err.value.message_ja and "放銃" not in err.value.message_ja, err.value.message_ja


def test_a_japanese_note_sets_the_honba_apart_from_the_yaku(ledger):
    """「平和、断幺九、1本場分 300点を含む」 read the honba as a third yaku: the yaku are a list joined with 、, so what the
    winner took besides is set apart with 。 (English: "; "), and a note stored either way is read back alike."""
    from tilelens.ledger import hand_notes, yaku_note

    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    ledger.add_draw(m, tenpai=(0, 1, 2, 3))  # one honba on the table, the dealer dealing again
    note = yaku_note([("平和", "Pinfu"), ("断幺九", "Tanyao")])
    ledger.add_win(m, 1, "ron", {2: 2300}, note=note, honba=1)
    state, hands = ledger.table(m)
    ja, en = hand_notes(ledger.match(m).players, hands, state, "ja")[-1], \
        hand_notes(ledger.match(m).players, hands, state, "en")[-1]
    assert ja == "平和、断幺九。1本場分 300点を含む", ja
    assert en == "Pinfu, Tanyao; incl. 300 for 1 honba", en
