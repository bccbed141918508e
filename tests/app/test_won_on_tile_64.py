"""The result of a riichi hand says the tile it won on.

`123m456p789s11p789m` typed on the Enter-a-hand page was scored on its last tile written, 9m (pinfu tsumo, 2 han),
and nothing on the result said so: the winning tile box sits in the Options, and the hand won on 7m is 1 han (an
edge wait, no pinfu). The result says the tile, and where the player did not choose it, that it is the last tile
written (the photo page: the hand's last, as read or added) and where to change it."""
from __future__ import annotations

import pytest
from app_helpers import open_page, read_as, texts, type_hand

HAND = "123m456p789s11p789m"


def _ok(at):
    assert not at.exception, [e.value for e in at.exception]
    return at


def _won_on(at) -> list[str]:
    return [str(c.value) for c in at.caption if str(c.value).startswith(("Won on", "上がり牌「"))]


def _tsumo(at, prefix="manual"):
    at.segmented_control(key=f"{prefix}_win").set_value("tsumo").run()
    return _ok(at)


@pytest.mark.parametrize("lang, said", [
    ("en", "Won on 9 Man (the last tile written: change it under Options)"),
    ("ja", "上がり牌「九萬」 (最後に入力した牌。「条件」で変えられます)")])
def test_the_tile_not_chosen_is_said_as_the_last_written_and_where_to_change_it(home, lang, said):
    at = _tsumo(type_hand(open_page("score_manual", "tokyo-mahjong", lang), HAND))
    assert _won_on(at) == [said]
    assert ("2 han · 20 fu" if lang == "en" else "2翻 · 20符") in texts(at)  # pinfu: scored on 9m


@pytest.mark.parametrize("lang, said", [("en", "Won on 7 Man"), ("ja", "上がり牌「七萬」")])
def test_a_tile_chosen_is_said_alone(home, lang, said):
    at = _tsumo(type_hand(open_page("score_manual", "tokyo-mahjong", lang), HAND))
    at.pills(key="manual_wintile").set_value("7m").run()
    assert _won_on(_ok(at)) == [said]
    assert ("1 han · 30 fu" if lang == "en" else "1翻 · 30符") in texts(at)  # an edge wait: no pinfu


def test_the_tile_chosen_is_forgotten_with_the_hand(home):
    at = _tsumo(type_hand(open_page("score_manual", "tokyo-mahjong"), HAND))
    at.pills(key="manual_wintile").set_value("7m").run()
    at.button(key="manual_clear").click().run()
    at = _tsumo(type_hand(_ok(at), "123m456p789s11p978m"))
    assert _won_on(at) == ["Won on 8 Man (the last tile written: change it under Options)"]


def test_no_win_says_no_tile(home):
    at = type_hand(open_page("score_manual", "tokyo-mahjong"), "123m456p789s11p78m1z")
    assert "A win!" not in texts(_ok(at)) and not _won_on(at)


def test_a_donjara_hand_says_none(home):
    at = _ok(open_page("score_manual", "yokai-watch"))
    at = type_hand(at, "yokai-01 yokai-01 yokai-01 yokai-02 yokai-02 yokai-02 yokai-03 yokai-03 yokai-03")
    assert not _won_on(_ok(at))


def test_the_photo_page_says_the_hands_last_tile(home):
    tiles = ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "2p", "2p", "7s", "8s", "9s"]
    at = _tsumo(_ok(read_as(open_page("score_photo", "tokyo-mahjong"), "tokyo-mahjong", tiles, seed=3)), "photo")
    assert _won_on(at) == ["Won on 9 Sou (the hand's last tile: change it under Options)"]
    at.pills(key="photo_wintile").set_value("6s").run()
    assert _won_on(_ok(at)) == ["Won on 6 Sou"]
