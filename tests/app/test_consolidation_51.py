"""Session 51 consolidation: the words and meld changes other helpers made in their own files, wired where a user
sees them. A Donjara game's result, ledger box and ledger page say its chip (リーチのチップ) and 「捨てた人」, not
riichi mahjong's stick and 「放銃した人」; an Almighty is named by its tile ("God Almighty (purple) as Rarin", on the
page and from `tilelens score`); the riichi boxes' help says how `tilelens score` differs; a meld tapped or typed
takes its own tiles standing loose in the hand; a hand short beside its melds says so; the photo's closed kan is
counted whole in the hand's heading."""
from __future__ import annotations

import pytest
from app_helpers import texts, type_hand

from tilelens.ledger import Ledger

NOGI_WIN = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3  # 60 points, riichi ticked (a Donjara win needs one)
NOGI_GOD = "らりん らりん 神オールマイティ まりか まりか 水色オールマイティ みなみ みなみ みなみ"
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def add(at, tiles, prefix="manual"):
    for tile in tiles:
        at.button(key=f"{prefix}_add_{tile}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def captions(at) -> str:
    return "\n".join(c.value for c in at.caption)


# 1. the result of a Donjara hand in its own words

@pytest.mark.parametrize("lang, taken, own", [
    ("en", "Riichi chips on the table: 10; you receive 70 in all",
     "10 of them the winner's own riichi chip (nobody else pays it)"),
    ("ja", "場のリーチのチップ 10点も受け取り、合計 70点", "うち 10点は自分がリーチで出したチップです")])
def test_a_donjara_win_says_its_riichi_chip_not_a_stick(home, page, lang, taken, own):
    at = add(page("score_manual", "nogizaka", lang), NOGI_WIN)
    said = captions(at)
    assert taken in said and own in said, said
    assert "stick" not in said and "リーチ棒" not in said, said


def test_a_donjara_ron_is_paid_by_the_one_who_discarded(home, page):
    at = add(page("score_manual", "nogizaka", "ja"), NOGI_WIN)
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert "捨てた人が60点払う" in texts(at) and "放銃した人" not in texts(at), texts(at)


def test_a_riichi_ron_keeps_its_discarder(home, page):
    at = page("score_manual", "tokyo-mahjong", "ja")
    type_hand(at, "234m456p678s22z555z")
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert "放銃者が" in texts(at), texts(at)


@pytest.mark.parametrize("lang, said", [("en", "God Almighty (purple) as Rarin"), ("ja", "神オールマイティ → らりん")])
def test_the_almighty_used_is_named(home, page, lang, said):
    """Nogizaka has six kinds of Almighty: the page said only "Almighty as Rarin"."""
    at = page("score_manual", "nogizaka", lang)
    type_hand(at, NOGI_GOD)
    assert said in captions(at), captions(at)


def test_the_command_line_names_the_almighty_used(capsys, monkeypatch, tmp_path):
    """`tilelens score --game nogizaka ...` said "almighty-god as rarin"."""
    from tilelens.cli import main

    monkeypatch.setenv("TILELENS_HOME", str(tmp_path))
    monkeypatch.setenv("TILELENS_LANG", "en")
    assert main(["score", "--game", "nogizaka", *NOGI_GOD.split(), "--riichi"]) == 0
    out = capsys.readouterr().out
    assert "; God Almighty (purple) as Rarin" in out and "; Almighty (Light blue) as Marika" in out, out
    assert "almighty-god as" not in out


# 2. the ledger box of a Donjara hand

def test_the_donjara_ledger_box_asks_who_discarded(home, page):
    Ledger(home / "ledger.sqlite").new_match("nogizaka", PLAYERS)
    at = add(page("score_manual", "nogizaka", "ja"), NOGI_WIN)
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert at.selectbox(key="manual_discarder").label == "捨てた人"


def test_the_riichi_ledger_box_keeps_its_words(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.new_match("tokyo-mahjong", PLAYERS)
    at = page("score_manual", "tokyo-mahjong", "ja")
    type_hand(at, "234m456p678s22z555z")
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert at.selectbox(key="manual_discarder").label == "放銃者"


# 3. the ledger page of a Donjara match

@pytest.mark.parametrize("lang, pot, draw, chombo", [
    ("en", "Riichi chips on the table: 10", "Record a hand nobody won", "riichi chips put out in it go back"),
    ("ja", "場のリーチのチップ:\u00a010", "流局を記録", "その局で出したリーチのチップは戻します")])
def test_the_ledger_page_of_a_donjara_match_says_chips(home, page, lang, pot, draw, chombo):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("nogizaka", PLAYERS)
    ledger.add_draw(match, riichi=(1,))
    at = page("ledger", "nogizaka", lang)
    said = texts(at)
    assert pot in said and chombo in said and "stick" not in said and "リーチ棒" not in said, said
    assert draw in [e.label for e in at.expander], [e.label for e in at.expander]


@pytest.mark.parametrize("lang, pot_left", [
    ("en", "Riichi chips left on the table: 10 points (1 chip), in no player's total"),
    ("ja", "場に残ったリーチのチップ: 10点 (1枚)。誰の持ち点にも入りません")])
def test_the_chip_left_when_a_donjara_match_ends_is_said_as_a_chip(home, page, lang, pot_left):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("nogizaka", PLAYERS)
    ledger.add_win(match, 2, "ron", {0: 990})
    ledger.add_draw(match, riichi=(0,))  # Ann's riichi chip leaves her 0: the match ends with it on the table
    at = page("ledger", "nogizaka", lang)
    assert pot_left in texts(at) and "リーチ棒" not in texts(at), texts(at)


def test_the_ledger_page_of_a_riichi_match_keeps_its_words(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.new_match("tokyo-mahjong", PLAYERS)
    at = page("ledger", "tokyo-mahjong", "ja")
    assert "流局を記録" in [e.label for e in at.expander]


# 4. the riichi boxes' help

def test_the_riichi_boxes_say_how_the_command_line_differs(home, page):
    at = page("score_manual", "tokyo-mahjong", "en")
    type_hand(at, "234m456p678s22z555z")
    sticks = at.number_input(key="manual_sticks")
    assert sticks.label == "Riichi sticks on the table (others' only, not yours)"
    # a player's help in a player's words (session 52): the command line's flags are its own help's
    assert "counted by the Riichi box" in sticks.help and "tilelens" not in sticks.help
    win_help = at.segmented_control(key="manual_win").help
    assert "a new one starts at ron" in win_help and "tilelens" not in win_help


def test_a_donjara_win_box_says_the_command_line_starts_at_tsumo_too(home, page):
    at = add(page("score_manual", "nogizaka", "ja"), NOGI_WIN)
    said = at.segmented_control(key="manual_win").help
    assert "(初期値はツモ)" in said and "ロンです" not in said, said


# 5. melds

CONCEALED = "123m456p678s11z"


def test_a_closed_kan_tapped_takes_its_faces_out_of_the_hand(home, page):
    """Two faces of a closed kan read as the hand's: the kan tapped in the builder kept them in the hand too
    ("too many 9 Sou")."""
    at = page("score_manual", "tokyo-mahjong", "en")
    type_hand(at, CONCEALED + "99s")
    at.segmented_control(key="manual_meld_kind").set_value("ankan").run()
    at.button(key="manual_meld_9s").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.text_input(key="manual_melds").value == "ankan 9999s"
    assert "9s" not in at.session_state["manual_tiles"], at.session_state["manual_tiles"]
    assert "too many" not in texts(at).lower(), texts(at)


def test_a_closed_kan_typed_takes_its_faces_out_of_the_hand(home, page):
    at = page("score_manual", "tokyo-mahjong", "en")
    type_hand(at, CONCEALED + "99s")
    at.text_input(key="manual_melds").set_value("ankan 9999s").run()
    assert not at.exception, [e.value for e in at.exception]
    assert "9s" not in at.session_state["manual_tiles"], at.session_state["manual_tiles"]


def test_a_meld_is_named_in_tiles_on_a_japanese_screen(home, page):
    at = page("score_manual", "tokyo-mahjong", "ja")
    type_hand(at, CONCEALED)
    at.text_input(key="manual_melds").set_value("pon 555z").run()
    assert "ポン 白白白 (555z)" in [m.value for m in at.markdown], [m.value for m in at.markdown]


@pytest.mark.parametrize("lang, said", [("en", "Beside the melds, the concealed hand has 11 tiles (5 now)."),
                                        ("ja", "鳴きのほかに手の内の牌を11枚にしてください (いま 5枚)。")])
def test_a_hand_short_beside_its_melds_says_the_concealed_count(home, page, lang, said):
    at = page("score_manual", "tokyo-mahjong", lang)
    type_hand(at, "123m45p")
    at.text_input(key="manual_melds").set_value("pon 555z").run()
    assert said in texts(at), texts(at)


def test_a_closed_kan_read_from_a_photo_is_counted_whole_in_the_heading(home, page):
    """The heading said "Hand (13 tiles: 11 held, 2 in melds)" for a closed kan whose backs were not read."""
    import cv2

    from vision.synth import render_hand

    scene = render_hand("tokyo-mahjong", "1m 2m 3m 4p 5p 6p 6s 7s 8s 1z 1z".split(), seed=4, melds=["ankan:9999s"])
    at = page("score_photo", "tokyo-mahjong", "en")
    at.file_uploader(key="photo_upload").set_value(("h.jpg", cv2.imencode(".jpg", scene.image)[1].tobytes(),
                                                    "image/jpeg")).run()
    assert not at.exception, [e.value for e in at.exception]
    heading = [m.value for m in at.markdown if m.value.startswith("#### Hand (")]
    assert heading and heading[0].startswith("#### Hand (15 tiles: 11 held, 4 in melds)"), heading


@pytest.mark.parametrize("lang, parts", [("ja", "牌の一覧、役"), ("en", "tiles, yaku")])
def test_the_parts_an_organiser_may_change_are_listed_with_the_languages_comma(home, page, lang, parts):
    """「主催者が変えてよい既定値: 牌の一覧, 役」 had an English comma on the Japanese screen."""
    captions = [c.value for c in page("rules", "nogizaka", lang).caption]
    assert any(c.endswith(f": {parts}") for c in captions), captions


@pytest.mark.parametrize("lang, taken", [("ja", "場のリーチのチップ"), ("en", "riichi chips")])
def test_the_ledger_pages_hands_table_says_a_donjara_winners_chips(home, page, lang, taken):
    """The app's hands table said 「場のリーチ棒」 of a Nogizaka winner while `tilelens ledger show` said チップ."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("nogizaka", PLAYERS)
    ledger.add_draw(match, riichi=(1,))
    ledger.add_win(match, 2, "tsumo", {0: 20, 1: 20, 3: 20}, riichi=(2,))
    said = texts(page("ledger", "nogizaka", lang))
    assert taken in said and "リーチ棒" not in said and "stick" not in said, said
