"""Session 56, three leftovers of the score pages' ledger box.

1. The double-ron box and its hint spoke of seat winds (「自風はその局のものになります」, "the seat is then that
   deal's") and "double ron" on Donjara games too, which have no winds: a Donjara game says it with its players.
2. Under a match that has ended the page still hinted at recording into it ("Adds to match #1", "The ledger's Winner
   and Add come once the hand scores", "Record it on the ledger page", "Unticked, the hand is recorded as the next
   hand"): it says once that the match has ended and how to start a new one.
3. Each player's favourite idol is kept on the device that declared it: on another device (or after a reload) the
   winner's favourite that doubled an earlier hand of the match, stored in that hand's note, was lost. It is taken
   from the ledger where this device has none, and said so ("from hand 1").
"""
from __future__ import annotations

from dataclasses import replace

import pytest
from app_helpers import add_to_ledger, open_page, texts, type_hand

from scorer import load_game
from tilelens.ledger import Ledger, rules_for, yaku_note

CG = "cinderella-neo"
PLAYERS = ["Ann", "Ben", "Chika", "Daiki"]
WIN = ("mizumoto-yukari mimura-kanako igarashi-kyouko hori-yuuko matoba-risa shirasaka-koume hayami-kanade "
       "morikubo-nono nanba-emi")  # Rehearsal Live Set, 3
NOT_WIN = ("shimamura-uzuki nakano-yuka mizumoto-yukari shiina-noriko mimura-kanako kohinata-miho ogata-chieri "
           "igarashi-kyouko sakurai-momoka")  # no winning shape
ANNS = ("shibuya-rin shimamura-uzuki honda-mio mizumoto-yukari mimura-kanako igarashi-kyouko takamori-aiko "
        "ootsuki-yui himekawa-yuki")  # Normal Live Unit 12, with 渋谷凛: doubled, 24
TOKYO_WIN = "234m456p678s22z555z"


def _ledger(home) -> Ledger:
    return Ledger(home / "ledger.sqlite")


def _cinderella_match(ledger: Ledger, several_ron: bool = False) -> int:
    rules = replace(rules_for(load_game(CG)), several_ron=several_ron)
    return ledger.new_match(CG, PLAYERS, rules)


def _ron(at, prefix: str = "manual"):
    at.segmented_control(key=f"{prefix}_win").set_value("ron").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _box(at, key: str):
    return next((c for c in at.checkbox if c.key == key), None)


# 1. the double-ron box and its hint in a Donjara game's words ----------------------------------------------------

DONJARA_HINT = {"en": "Ann pays each winner in full", "ja": "Annがそれぞれの上がった人に全額払います"}
SEAT_WORDS = {"en": ("seat", "wind", "double ron"), "ja": ("自風", "風", "ダブロン")}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_donjara_double_ron_hint_speaks_of_players_not_seat_winds(home, lang):
    ledger = _ledger(home)
    match = _cinderella_match(ledger, several_ron=True)
    ledger.add_win(match, 1, "ron", {0: 3})  # Ben rons Ann's discard
    at = _ron(type_hand(open_page("score_manual", CG, lang), WIN))
    box = _box(at, "manual_same_discard")
    assert box is not None
    hint = [i.value for i in at.info if "Ann" in i.value]
    assert len(hint) == 1, texts(at)
    assert DONJARA_HINT[lang] in hint[0], hint
    for word in SEAT_WORDS[lang]:
        assert word not in hint[0].lower() and word not in box.label.lower(), (word, hint[0], box.label)
    assert box.label in hint[0]  # the hint names the box as it is labelled


@pytest.mark.parametrize("lang, seat, box", [("en", "the seat is then that deal's", "(double ron)"),
                                             ("ja", "自風はその局のものになります", "(ダブロン)")])
def test_a_riichi_double_ron_hint_keeps_its_seat_wind(home, lang, seat, box):
    ledger = _ledger(home)
    match = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_win(match, 1, "ron", {3: 3900})
    at = type_hand(open_page("score_manual", "tokyo-mahjong", lang), TOKYO_WIN)
    at.checkbox(key="manual_riichi").uncheck().run()
    _ron(at)
    assert seat in texts(at) and box in _box(at, "manual_same_discard").label


# 2. an ended match: no hint at recording into it, said once how to start a new one ------------------------------

ENDED = {"en": "The match has ended", "ja": "対局終了"}
START_NEW = {"en": "start a new match", "ja": "新しい対局を始めてください"}
INTO_IT = {"en": ("Adds to match #1", "come once the hand scores", "Record it on the ledger page",
                  "recorded as the next hand", "choose “Winner”"),
           "ja": ("記録する対局: #1", "手が上がりになると出ます", "成績表のページの「チョンボを記録」",
                  "次の局の上がりとして記録", "記録するには「上がった人」")}


def _ended(home, game: str = CG, several_ron: bool = False, last_ron: bool = False) -> tuple[Ledger, int]:
    """A match of four played out: eight deals drawn (the last one a ron of Ann on Daiki's discard)."""
    ledger = _ledger(home)
    match = _cinderella_match(ledger, several_ron) if game == CG else ledger.new_match(game, PLAYERS)
    for _ in range(7 if last_ron else 8):
        ledger.add_draw(match)
    if last_ron:
        ledger.add_win(match, 0, "ron", {3: 3})
    assert ledger.state(match).ended
    return ledger, match


def _said_once(at, lang: str) -> None:
    said = texts(at)
    assert said.count(ENDED[lang]) == 1, said
    assert said.count(START_NEW[lang]) == 1, said
    for words in INTO_IT[lang]:
        assert words not in said, (words, said)
    assert any(b.key == "manual_ended_open_ledger" for b in at.button)
    assert not [b for b in at.button if b.key == "manual_add_ledger"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_win_under_an_ended_match_says_it_ended_and_how_to_start_a_new_one(home, lang):
    _ended(home)
    at = type_hand(open_page("score_manual", CG, lang), WIN)
    _said_once(at, lang)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_hand_that_does_not_win_under_an_ended_match_says_the_same(home, lang):
    _ended(home)
    at = type_hand(open_page("score_manual", CG, lang), NOT_WIN)
    assert not at.success  # no win
    _said_once(at, lang)


@pytest.mark.parametrize("lang, penalty", [("en", "penalty 300"), ("ja", "ペナルティ 300")])
def test_a_declared_chombo_under_an_ended_match_is_not_sent_to_the_ledger(home, lang, penalty):
    _ended(home, "nogizaka")
    ids = [k.id for k in load_game("nogizaka").tiles if not k.almighty]
    at = type_hand(open_page("score_manual", "nogizaka", lang), " ".join(ids[:9]))
    assert penalty in texts(at)  # what declaring it costs: still said
    _said_once(at, lang)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_another_winner_on_the_discard_that_ended_the_match_is_still_offered_in_its_words(home, lang):
    ledger, match = _ended(home, several_ron=True, last_ron=True)
    at = _ron(type_hand(open_page("score_manual", CG, lang), WIN))
    box = _box(at, "manual_same_discard")
    assert box is not None  # the ledger still takes another winner on that discard
    said = texts(at)
    assert said.count(ENDED[lang]) == 1 and said.count(START_NEW[lang]) == 1, said
    assert INTO_IT[lang][3] not in said and INTO_IT[lang][0] not in said, said
    hint = [i.value for i in at.info if box.label in i.value]
    assert len(hint) == 1 and ("#1" in hint[0]) and SEAT_WORDS[lang][0] not in hint[0], hint
    box.check().run()
    at.selectbox(key="manual_winner").set_value(1).run()
    assert INTO_IT[lang][0] in texts(at)  # ticked: it adds to match #1, said
    at.button(key="manual_add_ledger").click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    last = ledger.hands(match)[-1]
    assert last.winner == 1 and list(last.payments) == [3]


def test_the_open_ledger_button_under_an_ended_match_opens_the_ledger_page(home):
    _ended(home)
    at = type_hand(open_page("score_manual", CG), WIN)
    at.button(key="manual_ended_open_ledger").click().run()
    assert not at.exception
    assert any(e.label == "New match" for e in at.expander), [e.label for e in at.expander]


def test_an_open_match_still_says_where_the_hand_goes(home):
    _cinderella_match(_ledger(home))
    at = type_hand(open_page("score_manual", CG), WIN)
    said = texts(at)
    assert "Adds to match #1" in said and ENDED["en"] not in said and START_NEW["en"] not in said
    other = type_hand(open_page("score_manual", CG), NOT_WIN)
    assert "come once the hand scores" in texts(other)


# 3. a favourite declared on another device, taken from the ledger ------------------------------------------------

FROM_HAND = {"en": "from hand 1 in the ledger", "ja": "成績表の1局目"}


def _fav(at, prefix: str = "manual"):
    return next((s for s in at.selectbox if s.key == f"{prefix}_fav"), None)


def _won(at) -> str:
    return " ".join(s.value for s in at.success)


def _phone_adds_anns_hand(ledger: Ledger, match: int) -> None:
    """On the phone: Ann wins with her favourite 渋谷凛 declared there (doubled: 24)."""
    phone = type_hand(open_page("score_manual", CG, "ja"), ANNS)
    phone.selectbox(key="manual_winner").set_value(0).run()
    _fav(phone).set_value("shibuya-rin").run()
    add_to_ledger(phone, "manual")
    assert len(ledger.hands(match)) == 1 and ledger.table(match)[0].totals == (124, 92, 92, 92)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_favourite_declared_on_the_phone_counts_on_the_laptop(home, lang):
    ledger = _ledger(home)
    match = _cinderella_match(ledger)
    _phone_adds_anns_hand(ledger, match)
    laptop = type_hand(open_page("score_manual", CG, lang), ANNS)  # another device: its own session
    laptop.selectbox(key="manual_winner").set_value(0).run()
    assert _fav(laptop).value == "shibuya-rin"
    assert "24" in _won(laptop) and "×2" in _won(laptop), _won(laptop)
    said = texts(laptop)
    assert FROM_HAND[lang] in said, said
    laptop.selectbox(key="manual_winner").set_value(1).run()  # Ben: no favourite of his in the ledger
    assert _fav(laptop).value == "" and FROM_HAND[lang] not in texts(laptop)
    add_to_ledger(laptop, "manual")
    assert ledger.table(match)[0].totals == (120, 104, 88, 88)  # Ben's 12, not doubled


def test_this_devices_own_choice_wins_over_the_ledgers(home):
    ledger = _ledger(home)
    match = _cinderella_match(ledger)
    laptop = type_hand(open_page("score_manual", CG), ANNS)
    laptop.selectbox(key="manual_winner").set_value(0).run()
    _fav(laptop).set_value("honda-mio").run()  # declared here first: 本田未央
    ledger.add_win(match, 0, "tsumo", {1: 8, 2: 8, 3: 8},
                   note=yaku_note([("ノーマルライブユニット", "Normal Live Unit")], ("渋谷凛", "Rin Shibuya"), 2))
    laptop.run()
    assert _fav(laptop).value == "honda-mio" and FROM_HAND["en"] not in texts(laptop)


def test_a_favourite_taken_from_the_ledger_and_set_to_none_stays_none(home):
    ledger = _ledger(home)
    match = _cinderella_match(ledger)
    ledger.add_win(match, 0, "tsumo", {1: 8, 2: 8, 3: 8},
                   note=yaku_note([("ノーマルライブユニット", "Normal Live Unit")], ("渋谷凛", "Rin Shibuya"), 2))
    laptop = type_hand(open_page("score_manual", CG), ANNS)
    laptop.selectbox(key="manual_winner").set_value(0).run()
    assert _fav(laptop).value == "shibuya-rin" and FROM_HAND["en"] in texts(laptop)
    _fav(laptop).set_value(None).run()
    laptop.run()
    assert _fav(laptop).value == "" and "×2" not in _won(laptop) and FROM_HAND["en"] not in texts(laptop)


def test_a_hand_undone_takes_its_favourite_with_it(home):
    ledger = _ledger(home)
    match = _cinderella_match(ledger)
    ledger.add_win(match, 0, "tsumo", {1: 8, 2: 8, 3: 8},
                   note=yaku_note([("ノーマルライブユニット", "Normal Live Unit")], ("渋谷凛", "Rin Shibuya"), 2))
    laptop = type_hand(open_page("score_manual", CG), ANNS)
    laptop.selectbox(key="manual_winner").set_value(0).run()
    assert _fav(laptop).value == "shibuya-rin"
    ledger.undo(match)
    laptop.run()
    assert _fav(laptop).value == "" and FROM_HAND["en"] not in texts(laptop)


def test_the_favourites_help_says_another_device_takes_it_from_the_ledger():
    from app.components.i18n import STRINGS

    ja, en = STRINGS["favourite_kept_help"]
    assert "asks again" not in en and "ledger" in en
    assert "成績表" in ja


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_under_an_ended_match_the_favourite_is_the_hands_own_and_doubles_it(home, lang):
    """An ended match's ledger box has no Winner: the favourite box is the hand's own (not "choose the Winner below
    first", which left no favourite to pick and no doubled hand to score)."""
    _ended(home)
    at = type_hand(open_page("score_manual", CG, lang), ANNS)
    before = _won(at)
    assert _fav(at) is not None, texts(at)
    assert {"en": "Favourite idol: choose the", "ja": "担当アイドル: 先に下の"}[lang] not in texts(at)
    _fav(at).set_value("shibuya-rin").run()
    assert not at.exception, [e.value for e in at.exception]
    assert _won(at) != before, (before, _won(at))  # the favourite doubles the hand
