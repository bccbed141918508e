"""What the score pages and the ledger page say of a hand just recorded: which hand it went in as, counted as the
ledger page counts hands ("hand 3", 「3局目」; at a Donjara table counting honba "hand 2, honba 1"), not "Added to the
ledger." alone nor "entry 3" (a double ron's two winners and a chombo's re-deal are one hand, entries apart). And the
Japanese word for a photo too small to read says, as the English does, that its tiles cannot be read reliably."""
from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

import pytest
from app_helpers import texts, type_hand

import app.components.i18n as i18n
from app.components.scoring import hand_named
from scorer import catalog
from tilelens.event.rules import small_photo
from tilelens.event.model import SeatReading
from tilelens.ledger import Ledger

GAME = "tokyo-mahjong"
PLAYERS = ["Ann", "Bo", "Cy", "Di"]
FRUITS = Path(__file__).resolve().parents[1] / "scorer" / "data" / "house-fruits.toml"


@pytest.fixture
def in_lang(monkeypatch):
    """``in_lang(lang)``: the pages' words in ``lang``, as the sidebar's switch sets them."""
    def choose(language: str) -> None:
        monkeypatch.setattr(i18n, "st", SimpleNamespace(session_state={i18n.LANG_KEY: language}))
    return choose


@pytest.fixture
def honba_fruits(tmp_path, monkeypatch):
    """A Donjara house game counting honba and a match of it: Ann wins twice as dealer (hands 2 and 3 at honba 1
    and 2), then Bo wins (the deal moves on: hand 4 at honba 0)."""
    from app import settings

    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    catalog.add_games_dir(settings.added_dir)
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TILELENS_LEDGER", raising=False)
    text = (FRUITS.read_text(encoding="utf-8").replace('id = "house-fruits"', 'id = "honba-fruits"', 1)
            + "\n[table]\nhonba = true\nkeep_on_dealer_win = true\n")
    game = settings.add_game(text)
    ledger = Ledger(tmp_path / "home" / "ledger.sqlite")
    m = ledger.new_match(game, ["Ann", "Bo", "Cy"])
    for winner, payer in ((0, 1), (0, 2), (1, 2), (2, 0)):
        ledger.add_win(m, winner, "ron", {payer: 10})
    return ledger, m


@pytest.mark.parametrize("lang, said", [("en", ["hand 1", "hand 2, honba 1", "hand 3, honba 2", "hand 4"]),
                                        ("ja", ["1局目", "2局目 1本場", "3局目 2本場", "4局目"])])
def test_a_donjara_hand_is_named_with_its_deals_honba(honba_fruits, in_lang, lang, said):
    ledger, m = honba_fruits
    in_lang(lang)
    state, hands = ledger.table(m)
    assert [hand_named(ledger.match(m), state, hands, h.id) for h in hands] == said


def test_a_riichi_hand_is_named_by_its_number_its_honba_left_to_its_round(home, in_lang):
    """A riichi table's dealer keeps the deal on a draw (honba 1): the hand after it is the second, not 'honba 1'."""
    ledger = Ledger(os.environ["TILELENS_LEDGER"])
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_draw(m, tenpai=[0])
    ledger.add_win(m, 1, "ron", {2: 1000})
    in_lang("en")
    state, hands = ledger.table(m)
    assert hand_named(ledger.match(m), state, hands, hands[-1].id) == "hand 2"


@pytest.mark.parametrize("lang, said", [("en", "Recorded hand 2: Draw"), ("ja", "2局目を記録しました: 流局")])
def test_the_ledger_page_says_a_draw_recorded_as_the_hand_it_counts(home, page, lang, said):
    ledger = Ledger(os.environ["TILELENS_LEDGER"])
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_draw(m)
    at = page("ledger", GAME, lang=lang)
    form = [b for b in at.button if b.key.startswith(f"FormSubmitter:ledger_draw_{m}_1-")]
    form[0].click().run()
    assert not at.exception
    assert any(said in s.value for s in at.success), [s.value for s in at.success]


@pytest.mark.parametrize("lang, said", [("en", "Added to the ledger as hand 2."),
                                        ("ja", "2局目として成績表に記録しました。")])
def test_the_score_page_says_which_hand_it_added(home, page, lang, said):
    ledger = Ledger(os.environ["TILELENS_LEDGER"])
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_draw(m)  # all noten: the deal moves to Bo, who wins hand 2 as dealer
    at = page("score_manual", GAME, lang=lang)
    type_hand(at, "234m456p678s22z555z")
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.checkbox(key="manual_dealer").check().run()
    at.selectbox(key="manual_winner").set_value(1).run()
    at.selectbox(key="manual_discarder").set_value(3).run()
    at.button(key="manual_add_ledger").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert said in texts(at), [s.value for s in at.success]
    assert len(ledger.hands(m)) == 2


def test_the_japanese_small_photo_says_its_tiles_cannot_be_read_reliably():
    en, ja = small_photo(SeatReading("2", "seat2.jpg", (), image_wh=(160, 120)))
    assert "too small to read tiles reliably" in en
    assert ja.startswith("写真が小さすぎて (160×120ピクセル)、牌を確かに読めません。") and "カメラで撮った元の写真" in ja
