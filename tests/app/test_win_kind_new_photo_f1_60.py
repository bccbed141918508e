"""Session 60 (F1): the win kind is a fact of each hand.

A Cinderella Girls evening recorded a self-drawn win as a ron: the photo page kept the last hand's Ron for a new photo
and asked for the discarder, who was chosen. And a riichi table's ``default_win`` (Tokyo's: ron, what `tilelens score`
takes without --win) was never the page's: every hand started at Tsumo. Now a new hand (a new photo, a hand after
"Clear", or one typed over the hand just added) starts at its game's default win kind (riichi: its table's
``default_win``; Donjara: the scorer's, tsumo); a correction of the same hand keeps what was chosen. The ledger box
names the win kind in the line above Add, where a wrong one is seen before it is recorded.
"""
from __future__ import annotations

import pytest
from app_helpers import open_page, read_as, read_as_win, texts, type_hand

from tilelens.ledger import Ledger

RIICHI = "234m456p678s22z555z"
RIICHI_TILES = ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "2z", "2z", "5z", "5z", "5z"]
NOGI_WIN = "ashu ashu ashu kotoko kotoko kotoko miria miria miria"
PLAYERS = ["Ann", "Ben", "Cy", "Di"]


def _ok(at):
    assert not at.exception, [e.value for e in at.exception]
    return at


def _win(at, prefix: str) -> str:
    return at.segmented_control(key=f"{prefix}_win").value


def _plain(text: str) -> str:
    return text.replace("**", "")


# a riichi table starts at its default_win, a Donjara game at tsumo ------------------------------------------------

@pytest.mark.parametrize("lang, says", [("en", "a new one starts at ron"), ("ja", "(初期値はロン)")])
def test_a_riichi_hand_starts_at_its_tables_default_win_ron(home, lang, says):
    at = _ok(type_hand(open_page("score_manual", "tokyo-mahjong", lang), RIICHI))
    assert _win(at, "manual") == "ron"
    assert says in at.segmented_control(key="manual_win").help
    fold = next(e.label for e in at.expander if e.label.startswith(("Options", "条件")))
    assert ("Ron" if lang == "en" else "ロン") in fold, fold


def test_a_donjara_hand_starts_at_tsumo(home):
    at = _ok(type_hand(open_page("score_manual", "nogizaka"), NOGI_WIN))
    assert _win(at, "manual") == "tsumo"
    assert "a new one starts at tsumo" in at.segmented_control(key="manual_win").help


def test_a_riichi_table_whose_default_is_tsumo_starts_at_tsumo(home):
    from app import settings

    text = settings.game_text("tokyo-mahjong")
    assert 'default_win = "ron"' in text
    settings.save_house_table("tokyo-mahjong", text.replace('default_win = "ron"', 'default_win = "tsumo"', 1))
    at = _ok(type_hand(open_page("score_manual", "tokyo-mahjong"), RIICHI))
    assert _win(at, "manual") == "tsumo"


# the manual page: a correction keeps the choice, the next hand starts afresh --------------------------------------

def test_a_corrected_tile_keeps_the_win_kind_and_clear_starts_the_next_hand_at_the_default(home):
    at = _ok(type_hand(open_page("score_manual", "tokyo-mahjong"), RIICHI))
    at = _ok(at.segmented_control(key="manual_win").set_value("tsumo").run())
    at = _ok(at.button(key="manual_tile_0").click().run())  # 2m corrected to 5m: the same hand, 345m
    at = _ok(at.button(key="manual_pick_5m").click().run())
    assert at.session_state["manual_tiles"][0] == "5m"
    assert _win(at, "manual") == "tsumo"
    at = _ok(type_hand(at, "345m456p678s22z555z"))  # typed again over it, not added: still this hand
    assert _win(at, "manual") == "tsumo"
    at = _ok(at.button(key="manual_clear").click().run())
    at = _ok(type_hand(at, RIICHI))
    assert _win(at, "manual") == "ron"  # the next hand: the table's default


def test_a_hand_set_aside_for_another_game_comes_back_with_its_win_kind(home):
    """Not a new hand: the one left (its Tsumo, not the table's ron) is taken up again."""
    at = _ok(type_hand(open_page("score_manual", "tokyo-mahjong"), RIICHI))
    at = _ok(at.segmented_control(key="manual_win").set_value("tsumo").run())
    at = _ok(at.selectbox(key="game_id").set_value("yokai-watch").run())
    at = _ok(at.selectbox(key="game_id").set_value("tokyo-mahjong").run())
    assert at.session_state["manual_tiles"] and _win(at, "manual") == "tsumo"


def test_a_hand_typed_over_the_one_just_added_starts_at_the_default(home):
    from app_helpers import add_to_ledger

    Ledger(home / "ledger.sqlite").new_match("nogizaka", PLAYERS)
    at = _ok(type_hand(open_page("score_manual", "nogizaka"), NOGI_WIN))
    at = _ok(at.segmented_control(key="manual_win").set_value("ron").run())
    at = _ok(add_to_ledger(at, "manual"))
    assert "Added to the ledger as hand 1." in texts(at)
    at = _ok(type_hand(at, "ashu ashu ashu kotoko kotoko kotoko asuka asuka asuka"))
    assert _win(at, "manual") == "tsumo"


# the photo page: a new photo starts at the default, a correction keeps the choice ---------------------------------

def test_a_new_photo_starts_at_the_games_default_not_the_last_hands_ron(home):
    """W3's evening: a ron chosen for one photo; the next photo, a tsumo, was offered as a ron with a discarder."""
    at = _ok(read_as_win(open_page("score_photo", "yokai-watch"), 1))
    assert _win(at, "photo") == "tsumo"
    at = _ok(at.segmented_control(key="photo_win").set_value("ron").run())
    at = _ok(at.button(key="photo_tile_8").click().run())  # a tile corrected: the same photo, the same hand
    at = _ok(at.button(key="photo_pick_yokai-03").click().run())
    assert at.session_state["photo_tiles"][8] == "yokai-03"
    assert _win(at, "photo") == "ron"
    at = _ok(read_as_win(at, 2))  # another photo: the next hand
    assert _win(at, "photo") == "tsumo"


def test_a_new_riichi_photo_starts_at_ron(home):
    at = _ok(read_as(open_page("score_photo", "tokyo-mahjong"), "tokyo-mahjong", RIICHI_TILES, seed=1))
    assert _win(at, "photo") == "ron"
    at = _ok(at.segmented_control(key="photo_win").set_value("tsumo").run())
    at = _ok(read_as(at, "tokyo-mahjong", RIICHI_TILES, seed=1))  # the same photo given again: the same hand
    assert _win(at, "photo") == "tsumo"
    at = _ok(read_as(at, "tokyo-mahjong", RIICHI_TILES, seed=2))  # another photo
    assert _win(at, "photo") == "ron"


# the line above Add names the win kind ----------------------------------------------------------------------------

RECORD = {
    ("en", "ron"): "To record: Ann wins by ron off Ben.",
    ("en", "tsumo"): "To record: Ann wins by tsumo.",
    ("ja", "ron"): "記録する内容: AnnがBenからロン上がり",
    ("ja", "tsumo"): "記録する内容: Annがツモ上がり",
}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game, hand", [("tokyo-mahjong", RIICHI), ("nogizaka", NOGI_WIN)])
def test_the_line_above_add_names_the_win_kind(home, lang, game, hand):
    Ledger(home / "ledger.sqlite").new_match(game, PLAYERS)
    at = _ok(type_hand(open_page("score_manual", game, lang), hand))
    at = _ok(at.segmented_control(key="manual_win").set_value("ron").run())
    at = _ok(at.selectbox(key="manual_winner").set_value(0).run())
    assert not any(_plain(RECORD[lang, k]) in _plain(texts(at)) for k in ("ron", "tsumo"))  # the discarder: asked
    at = _ok(at.selectbox(key="manual_discarder").set_value(1).run())
    said = _plain(texts(at))
    assert said.count(RECORD[lang, "ron"]) == 1 and RECORD[lang, "tsumo"] not in said, said
    at = _ok(at.segmented_control(key="manual_win").set_value("tsumo").run())
    said = _plain(texts(at))
    assert said.count(RECORD[lang, "tsumo"]) == 1 and RECORD[lang, "ron"] not in said, said
    at = _ok(at.button(key="manual_add_ledger").click().run())
    assert RECORD[lang, "tsumo"] not in _plain(texts(at))  # added: "Added to the ledger as hand 1." says it
