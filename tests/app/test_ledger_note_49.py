"""A hand's yaku said in the reader's language (the ledger page, `tilelens ledger show`, the CSV), whatever the
language of the screen it was entered on; the hand options of the "Enter a hand" page kept across pages."""
import csv
import io

from app_helpers import add_to_ledger, go_to, texts, tsumo, type_hand

from tilelens.ledger import DEFAULT_RULES, HandKind, HandRecord, Ledger, hand_notes, replay
from tilelens.ledger_cli import show_text

YOKAI_TRIPLES = "yokai-01 yokai-01 yokai-01 yokai-02 yokai-02 yokai-02 yokai-03 yokai-03 yokai-03"


def _yaku_column(at):
    table = at.dataframe[0]  # the hands table first (Tonight's totals below it since session 57)
    return list(table.value.iloc[:, 2])  # "#", "Result", then the yaku


def test_a_win_added_on_a_japanese_screen_says_its_yaku_in_english_on_the_english_ledger_page(home, page):
    """A Yokai Watch win added on a Japanese screen showed "基本セット; + 10 riichi chips from the table" on the
    English ledger page: the note was stored in the language of the screen it was entered on."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    at = type_hand(page("score_manual", "yokai-watch", lang="ja"), YOKAI_TRIPLES)
    add_to_ledger(at, "manual")
    assert len(ledger.hands(match)) == 1
    at = go_to(at, "ledger")
    (note,) = _yaku_column(at)
    assert note.startswith("基本セット")  # the Japanese page: Japanese
    at.session_state["lang"] = "en"
    at.run()
    (note,) = _yaku_column(at)
    own = " (the winner's own riichi chip)"  # said as theirs (51), all of it (59)
    assert note == "Basic set; + 10 points (1 chip) from the riichi chips on the table" + own, note
    # the CSV (English, as its other notes) says the yaku in English too
    rows = list(csv.DictReader(io.StringIO(ledger.to_csv(match))))
    assert rows[1]["note"] == "Basic set; + 10 points (1 chip) from the riichi chips on the table" + own


def test_riichi_yaku_entered_on_an_english_screen_are_said_in_japanese_joined_with_the_japanese_comma(home, page):
    """A riichi mahjong hand of several yaku, entered in English: the Japanese ledger page and `tilelens ledger
    show` in Japanese say the scorer's Japanese names, joined with 、 (the stored ", " was kept)."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    at = page("score_manual", "tokyo-mahjong", lang="en")
    at.text_input(key="manual_typed").set_value("234m234p234s567s55p")
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    tsumo(at)
    at.checkbox(key="manual_riichi").check().run()  # a new riichi-mahjong hand starts without riichi
    assert at.checkbox(key="manual_riichi").value
    at.checkbox(key="manual_dealer").check().run()  # E, the dealer, wins: the seat the hand is scored for
    add_to_ledger(at, "manual")
    (hand,) = ledger.hands(match)
    state = ledger.state(match)
    chip = ledger.match(match).rules.riichi_chip  # the sticks said with their count, as `ledger show` says them
    (en,) = hand_notes(("E", "S", "W", "N"), [hand], state, "en", chip=chip)
    (ja,) = hand_notes(("E", "S", "W", "N"), [hand], state, "ja", chip=chip)
    assert en.startswith("Menzen Tsumo (closed self-draw), Riichi, Tanyao (all simples), Sanshoku Doujun"), en
    assert ja.startswith("門前清自摸和、立直、断幺九、三色同順"), ja
    assert ", " not in ja and "Riichi" not in ja, ja
    assert ja in show_text(ledger.match(match), [hand], state, "ja")
    at = go_to(at, "ledger")
    at.session_state["lang"] = "ja"
    at.run()
    assert _yaku_column(at) == [ja]


def test_a_note_stored_as_free_text_is_said_as_stored_and_a_yaku_note_in_each_language():
    """Notes of hands stored before (free text, any language) are said as they were stored; a note of yaku
    (``yaku_note``: both names) is said in the reader's language, in either, by the CSV and `show`."""
    from tilelens.ledger import yaku_note

    hands = [HandRecord(0, HandKind.WIN, 1, "ron", {0: 100}, note="基本セット"),
             HandRecord(1, HandKind.WIN, 1, "ron", {0: 100}, note=yaku_note([("基本セット", "Basic set"),
                                                                            ("三色", "Three colours")])),
             HandRecord(2, HandKind.WIN, 1, "ron", {0: 100}, note='{"yaku": "typed by hand"}')]
    state = replay(4, DEFAULT_RULES["yokai-watch"], hands)
    assert hand_notes("ABCD", hands, state, "en") == ["基本セット", "Basic set, Three colours", '{"yaku": "typed by hand"}']
    assert hand_notes("ABCD", hands, state, "ja") == ["基本セット", "基本セット、三色", '{"yaku": "typed by hand"}']
    assert yaku_note([]) == ""  # no yaku: no note, as before


def test_the_hand_options_are_kept_when_the_player_goes_to_another_page_and_back(home, page):
    """Going to the ledger page and back forgot every hand option (Dealer included) while the hand was kept:
    a hand just added as the dealer's came back re-priced at the table's figures, not the dealer's."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    at = type_hand(page("score_manual", "yokai-watch"), YOKAI_TRIPLES)
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.selectbox(key="manual_discarder").set_value(2).run()
    priced = at.success[0].value
    add_to_ledger(at, "manual")
    assert "Added to the ledger" in texts(at)
    at = go_to(at, "ledger")
    assert len(ledger.hands(match)) == 1
    at = go_to(at, "score_manual")
    assert at.segmented_control(key="manual_win").value == "ron"
    assert at.checkbox(key="manual_riichi").value is True
    assert at.success[0].value == priced  # the dealer's ron, as added
    assert at.button(key="manual_add_ledger").disabled and "Added to the ledger" in texts(at)


def test_the_riichi_table_figures_are_kept_across_pages_and_another_game_still_resets_them(home, page):
    """The riichi options (honba, round, melds) are kept across pages too; picking another game still starts its
    table's figures afresh (``common.game_select``'s reset of each prefix)."""
    at = page("score_manual", "tokyo-mahjong")
    at.text_input(key="manual_typed").set_value("234m234p234s567s55p")
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    at.number_input(key="manual_honba").set_value(2).run()
    at.selectbox(key="manual_round").set_value("south").run()
    at.checkbox(key="manual_dealer").check().run()
    at = go_to(at, "rules")
    at = go_to(at, "score_manual")
    assert at.number_input(key="manual_honba").value == 2
    assert at.selectbox(key="manual_round").value == "south"
    assert at.checkbox(key="manual_dealer").value is True
    # (a hand set aside for another game comes back with its figures and options: test_app_state_49b.py; the hand
    # cleared first, nothing is set aside)
    at.button(key="manual_clear").click().run()
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    at.selectbox(key="game_id").set_value("tokyo-mahjong").run()
    type_hand(at, "234m234p234s567s55p")
    assert at.number_input(key="manual_honba").value == 0
    assert at.selectbox(key="manual_round").value == "east"
    assert at.checkbox(key="manual_dealer").value is False  # another game's options are not this one's


def test_figures_the_open_match_gives_follow_it_when_it_moved_on_while_the_player_was_away(home, page):
    """The boxes are kept across pages, but the figures the open match gives (honba, sticks) are taken again
    where the match has moved on meanwhile (a draw recorded on the ledger page): the next hand is priced at the
    table as it is. What the player said (Dealer) stays."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    at = page("score_manual", "tokyo-mahjong")
    at.text_input(key="manual_typed").set_value("234m234p234s567s55p")
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    at.checkbox(key="manual_dealer").check().run()
    assert at.number_input(key="manual_honba").value == 0
    at = go_to(at, "ledger")
    ledger.add_draw(match, tenpai=[0], riichi=[1])  # E tenpai (keeps the deal), S's riichi stick on the table
    at = go_to(at, "score_manual")
    assert at.number_input(key="manual_honba").value == 1
    assert at.number_input(key="manual_sticks").value == 1
    assert at.checkbox(key="manual_dealer").value is True


def test_the_winner_of_the_hand_just_added_is_kept_across_pages_and_forgotten_with_the_hand(home, page):
    """Who won is kept across pages too: back from the ledger page, Cy's hand just added was taken for the
    dealer's (the winner box back at its default) and offered to be added again. "Clear" still forgets it."""
    ledger = Ledger(home / "ledger.sqlite")
    ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    at = type_hand(page("score_manual", "yokai-watch"), YOKAI_TRIPLES)
    at.selectbox(key="manual_winner").set_value(2).run()
    add_to_ledger(at, "manual")
    at = go_to(go_to(at, "ledger"), "score_manual")
    assert at.selectbox(key="manual_winner").value == 2
    assert at.button(key="manual_add_ledger").disabled and "Added to the ledger" in texts(at)
    at.button(key="manual_clear").click().run()
    type_hand(at, YOKAI_TRIPLES)
    assert at.selectbox(key="manual_winner").value is None  # the next hand's: nobody chosen yet
