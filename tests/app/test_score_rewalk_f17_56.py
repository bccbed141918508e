"""Session 56, the club re-walk of the score pages (f17): a repeated misspelling named once with its suggestions; the
double-ron box's Winner list without that discard's earlier winners; a second winner on one discard shown what the
ledger pays it (the honba it takes over from the first winner nearer the discarder) and the first winner's figure
without them; a refused stale Add that says the chips it takes changed, its error and warning agreeing; the third-ron
note from the ledger's hands, whichever device added the rons; the English pot line with its unit; the house table's
path said by the one path helper.

Seats in turn order: 0 = Ann, 1 = Bo, 2 = Cy, 3 = Di; Ann deals first."""
from __future__ import annotations

import pytest
from app_helpers import texts, tsumo, type_hand

from scorer import UnknownTileError, load_game
from tilelens.ledger import SAME_DISCARD, Ledger

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def _ok(at):
    assert not at.exception, [e.value for e in at.exception]
    return at


# 1. a repeated misspelling ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("game, typed, token, first", [
    ("nogizaka", "ことこ ことこ ことこ あすか あすか あすか みりや みりや みりや", "みりや", "みり愛"),
    ("nogizaka", "mirai mirai mirai", "mirai", "みり愛"),
    ("yokai-watch", "妖怪1 妖怪1 妖怪1 妖怪02 妖怪02 妖怪02 妖怪03 妖怪03 妖怪03", "妖怪1", "妖怪01"),
])
def test_a_repeated_misspelling_is_named_once_with_its_suggestions(game, typed, token, first):
    from app.components.tiles import parse_hand_text

    with pytest.raises(UnknownTileError) as caught:
        parse_hand_text(load_game(game), typed)
    assert caught.value.token == token
    assert caught.value.suggestions, str(caught.value)
    if first is not None:
        assert caught.value.suggestions[0] == first, caught.value.suggestions


def test_a_misspelt_name_of_two_words_is_still_named_whole():
    from app.components.tiles import parse_hand_text

    with pytest.raises(UnknownTileError) as caught:
        parse_hand_text(load_game("cinderella-neo"), "Uzuki Shimamuro Uzuki Shimamuro")
    assert caught.value.token == "Uzuki Shimamuro"


# 2. the double-ron box's Winner list -----------------------------------------------------------------------------

RON_HAND = "234m456p678s22z555z"  # haku: wins without riichi


def _ron(at, hand: str = RON_HAND):
    type_hand(at, hand)
    return _ok(at.segmented_control(key="manual_win").set_value("ron").run())


def test_the_double_ron_winner_list_leaves_out_that_discards_winner(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_win(match, 1, "ron", {2: 2000})  # Bo rons Cy
    at = _ron(page("score_manual", "tokyo-mahjong"))
    at.checkbox(key="manual_riichi").uncheck().run()
    _ok(at.checkbox(key="manual_same_discard").check().run())
    assert at.selectbox(key="manual_winner").options == ["Ann", "Di"]


# 3. the second winner of a double ron shown what the ledger pays -------------------------------------------------

SECOND = "123m456p789p345s99s"  # Di's riichi ron (the walk's): 1 han 40 fu, 1,300


def _first_ron_with_a_honba(home):
    """Ann's riichi draw (honba 1, her stick on the table), then Bo rons Cy's discard priced with the honba."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_draw(match, tenpai=[0], riichi=[0])
    ledger.add_win(match, 1, "ron", {2: 2300})  # 2,000 + 300 for 1 honba
    return ledger, match


@pytest.mark.parametrize("lang, says", [("en", "3,600 points in all"), ("ja", "合計 3,600点")])
def test_the_second_winner_nearer_the_discarder_is_shown_the_honba_it_takes_over(home, page, lang, says):
    ledger, match = _first_ron_with_a_honba(home)
    at = _ron(page("score_manual", "tokyo-mahjong", lang=lang), SECOND)
    at.checkbox(key="manual_riichi").check().run()
    at.checkbox(key="manual_same_discard").check().run()
    at.selectbox(key="manual_winner").set_value(3).run()
    _ok(at.multiselect(key="manual_riichi_seats_3").set_value([3]).run())
    said = texts(at)
    assert says in said, said
    assert ("3,300" not in said) if lang == "en" else ("合計 3,300" not in said), said
    assert "Bo" in next(c.value for c in at.caption if ("in all" in c.value or "合計" in c.value))
    before = ledger.state(match).totals[3]
    _ok(at.button(key="manual_add_ledger").click().run())
    hands = ledger.hands(match)
    assert [h.win_kind for h in hands[1:]] == ["ron", SAME_DISCARD]
    assert ledger.state(match).totals[3] - before + 1000 == 3600  # as the page said (her own stick back)


def test_the_first_winners_figure_drops_what_the_nearer_winner_took_over(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_draw(match, tenpai=[0], riichi=[0])
    at = _ron(page("score_manual", "tokyo-mahjong"), "234m567m345p678s88p")
    at.pills(key="manual_wintile").set_value("2m").run()
    at.selectbox(key="manual_winner").set_value(1).run()
    _ok(at.selectbox(key="manual_discarder").set_value(2).run())
    assert "3,300" in texts(at)  # 2,300 with the honba, and Ann's stick
    _ok(at.button(key="manual_add_ledger").click().run())
    assert [h.winner for h in ledger.hands(match)][1:] == [1]
    ledger.add_win(match, 3, "ron", {2: 1300}, riichi=[3], same_discard=True, honba=0)  # another device: Di
    _ok(at.run())
    line = next(c.value for c in at.caption if "in all" in c.value)
    assert "2,000 points in all" in line and "Di" in line, line
    assert ledger.state(match).totals[1] == 24000 + 2000  # as the page says


# 4. a refused stale Add: the chips it takes changed; the error and the warning agree ------------------------------

NOGI = "kotoko kotoko kotoko ashu ashu ashu miria miria miria"


@pytest.mark.parametrize("lang, chips, no_retry", [
    ("en", ("the riichi chips it takes are now 30 points (was 10 points)", "90 points in all"), "try again"),
    ("ja", ("受け取るリーチのチップ: 10点 → 30点", "合計 90点"), "やり直して")])
def test_a_refused_stale_add_says_the_chips_it_takes_changed(home, page, lang, chips, no_retry):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("nogizaka", PLAYERS)
    at = type_hand(page("score_manual", "nogizaka", lang=lang), NOGI)
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.selectbox(key="manual_winner").set_value(2).run()
    _ok(at.selectbox(key="manual_discarder").set_value(0).run())
    ledger.add_draw(match, riichi=[1, 3])  # another device: two chips put out
    _ok(at.button(key="manual_add_ledger").click().run())
    assert not ledger.hands(match)[1:]
    note = [w.value for w in at.warning if "Priced again" in w.value or "採点し直しました" in w.value]
    assert len(note) == 1, texts(at)
    for words in chips:
        assert words in note[0], (words, note[0])
    assert "unchanged" not in note[0] or "points are unchanged" in note[0]
    assert at.error and all(no_retry not in e.value for e in at.error), [e.value for e in at.error]
    assert "has changed since this screen showed it" in at.error[0].value or "記録が変わりました" in at.error[0].value


# 5. the third-ron note, whichever device added the two rons ------------------------------------------------------

def test_the_third_ron_note_shows_when_another_device_added_the_second_ron(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", PLAYERS)
    at = _ron(page("score_manual", "tokyo-mahjong"), "234m567m345p678s88p")
    at.pills(key="manual_wintile").set_value("2m").run()
    at.selectbox(key="manual_winner").set_value(1).run()
    _ok(at.selectbox(key="manual_discarder").set_value(2).run())
    _ok(at.button(key="manual_add_ledger").click().run())  # this device: Bo rons Cy
    ledger.add_win(match, 3, "ron", {2: 1300}, same_discard=True, honba=0)  # another device: Di on it too
    at.button(key="manual_clear").click().run()
    at = _ron(at)
    at.checkbox(key="manual_riichi").uncheck().run()
    _ok(at.selectbox(key="manual_winner").set_value(0).run())
    assert "If a third player also won on this discard" in "\n".join(i.value for i in at.info), texts(at)
    _ok(at.selectbox(key="manual_discarder").set_value(1).run())  # another discard: the next hand's ron
    assert "If a third player also won" not in texts(at)


# 6. the English pot line with its unit ---------------------------------------------------------------------------

def test_the_english_pot_line_says_its_unit(home, page):
    at = tsumo(type_hand(page("score_manual", "tokyo-mahjong"), "123m406p789s11z222z"))
    _ok(at.checkbox(key="manual_riichi").check().run())
    assert "Riichi sticks on the table: 1,000 points" in texts(at)
    assert "you receive 9,000 points in all" in texts(at)


# 7. the house table's path by the one path helper ----------------------------------------------------------------

def test_the_house_table_caption_uses_the_visitor_path_helpers(monkeypatch):
    from pathlib import Path

    from app import settings
    from app.components import scoring, visitor

    seen = []
    monkeypatch.setattr(settings, "edited_path", lambda game_id: Path("/home/club/tables/nogizaka.toml"))
    monkeypatch.setattr(visitor, "said_path", lambda p: seen.append(("said", p)) or "SAID")
    monkeypatch.setattr(visitor, "path_help", lambda p: seen.append(("help", p)) or "HELP")
    monkeypatch.setattr(scoring, "_news_to_take", lambda game_id: False)
    shown = []
    monkeypatch.setattr(scoring.st, "caption", lambda text, help=None: shown.append((text, help)))
    scoring.house_table_note(load_game("nogizaka"))
    assert [k for k, _ in seen] == ["said", "help"] and shown and "SAID" in shown[0][0] and shown[0][1] == "HELP"
