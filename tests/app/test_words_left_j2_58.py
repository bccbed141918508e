"""Session 58 (J2): the words a re-walk (R1) found left.

4. A damaged match (a hand-edited players cell) was said to a phone with the laptop's ledger file in it: "match #1
   in $TILELENS_HOME/ledger.sqlite cannot be read", and on the score pages with the whole path
   (/home/…/ledger.sqlite). A phone is told the match and why, no file of the laptop; the laptop keeps the path.
6. A Donjara game's riichi chips on the table were a bare number (「場のリーチのチップ: 20」): said in the game's unit
   with the chips counted, as riichi mahjong says its sticks ("20 points (2 chips)", 「20点 (2枚)」).
7. The ledger page still said 別のパソコン and 記録ファイル where the rest of it says ほかのパソコン and 成績表のファイル.
8. The pao note said 「残りの半分を放銃者が払います」 after the discarder was chosen: it names them; its tsumo bracket ran
   into the particle (「役満分 (32,000点)を」); 「Annという名前が2回あります: 卓の…」 joined two sentences with a colon;
   the English stale refusal had no full stop; "Keep this photo" said 「アプリを動かしているコンピューター」."""
from __future__ import annotations

import sqlite3

import pytest
from app_helpers import texts, type_hand

from app.components import keep_photo
from app.components.i18n import STRINGS
from scorer import riichi
from tilelens.ledger import Ledger, LedgerError, sticks_said

SEAM = "TILELENS_VISITOR"
YOKAI_WIN = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["almighty"]


# --- 4. a damaged match said to a phone without the laptop's file ----------------------------------------------------

def _damaged(home, monkeypatch, cell="players"):
    """The app's ledger in $TILELENS_HOME (as `tilelens app` keeps it) with match #1 edited by hand: its players cell
    (the match is left out of the list), or its hand's winner (the match lists, its table cannot be read)."""
    path = home / "home" / "ledger.sqlite"
    monkeypatch.setenv("TILELENS_LEDGER", str(path))
    ledger = Ledger(path)
    match = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(match, 1, "ron", {3: 100})
    with sqlite3.connect(path) as db:
        if cell == "players":
            db.execute("UPDATE matches SET players = 'Ann, Bo, Cy, Di' WHERE id = ?", (match,))
        else:
            db.execute("UPDATE hands SET winner = 7 WHERE match_id = ?", (match,))
    return path


WHY = {"en": ("match #1 cannot be read: its players are not stored as a list of names ('Ann, Bo, Cy, Di'); it was "
              "left out"),
       "ja": "対局 #1を読めません: プレイヤーが名前の一覧の形で記録されていません (「Ann, Bo, Cy, Di」)。この対局は除きました"}
SEAT = {"en": "match #1 cannot be read: seat 8 is not at this table (seats 1-4); it was left out",
        "ja": "対局 #1を読めません: 席 8 はこの卓にありません (席は 1〜4)。この対局は除きました"}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_phone_is_told_of_a_damaged_match_without_the_laptops_file(home, page, monkeypatch, lang):
    path = _damaged(home, monkeypatch)
    monkeypatch.setenv(SEAM, "network")
    at = page("ledger", "yokai-watch", lang=lang)
    said = [w.value for w in at.warning if "#1" in w.value]
    assert len(said) == 1 and said[0].endswith(WHY[lang]), said
    shown = texts(at)
    assert "ledger.sqlite" not in shown and "TILELENS_HOME" not in shown and str(path.parent) not in shown, said


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_phone_on_a_score_page_is_told_of_a_damaged_match_without_the_laptops_file(home, page, monkeypatch, lang):
    path = _damaged(home, monkeypatch, "hand")
    monkeypatch.setenv(SEAM, "network")
    at = page("score_manual", "yokai-watch", lang=lang)
    for tile in YOKAI_WIN:
        at.button(key=f"manual_add_{tile}").click().run()
    assert not at.exception
    errors = [e.value for e in at.error]
    assert errors == [SEAT[lang]], errors  # the match and why, not /home/…/ledger.sqlite
    assert str(path.parent) not in texts(at)
    at = page("ledger", "yokai-watch", lang=lang)  # the ledger page likewise
    said = [e.value for e in (*at.error, *at.warning) if "#1" in e.value]
    assert said == [SEAT[lang]] and "ledger.sqlite" not in texts(at), said


def test_the_laptop_still_names_the_file_of_a_damaged_match(home, page, monkeypatch):
    path = _damaged(home, monkeypatch, "hand")
    at = page("score_manual", "yokai-watch")
    for tile in YOKAI_WIN:
        at.button(key=f"manual_add_{tile}").click().run()
    assert [e.value for e in at.error] == [f"match #1 in {path} cannot be read: seat 8 is not at this table (seats "
                                           "1-4); it was left out"]


# --- 6. a Donjara game's chips on the table: in its unit, counted ---------------------------------------------------

@pytest.mark.parametrize("args, said", [
    ((20, 10, "donjara", "en"), "20 points (2 chips)"),
    ((10, 10, "donjara", "en"), "10 points (1 chip)"),
    ((20, 10, "donjara", "ja"), "20点 (2枚)"),
    ((0, 10, "donjara", "en"), "0 points"),
    ((0, 10, "donjara", "ja"), "0点"),
    ((30, 10, "donjara", "ja", {"en": "x10,000 fans", "ja": "万"}), "30万 (3枚)"),
    ((20, 10, "donjara", "en", {"en": "chips", "ja": "チップ"}), "20 chips"),  # a count already: said once
    ((2000, 1000, "riichi", "ja"), "2,000点 (2本)"),  # riichi mahjong's as it was
])
def test_a_donjara_games_chips_are_said_in_its_unit_and_counted(args, said):
    assert sticks_said(*args) == said


@pytest.mark.parametrize("lang, said", [("en", "Riichi chips on the table: 20 points (2 chips)"),
                                        ("ja", "場のリーチのチップ:\u00a020点 (2枚)")])
def test_the_ledger_page_says_a_donjara_tables_chips_with_their_unit(home, page, lang, said):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("nogizaka", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_draw(match, riichi=[0, 2])
    at = page("ledger", "nogizaka", lang=lang)
    assert said in texts(at), texts(at)


# --- 7. one name for the other laptop and for the ledger's file ----------------------------------------------------

def test_the_page_says_hokano_pasokon_and_seisekihyou_no_fairu_throughout():
    left = {key: ja for key, (ja, _) in STRINGS.items() if "別のパソコン" in ja or "記録ファイル" in ja}
    assert not left, left


def test_the_match_picker_marks_the_other_laptops_record_in_those_words():
    assert STRINGS["match_option_copy"][0] == "{match} (#{first}の別の記録)"


# --- 8. small Japanese points --------------------------------------------------------------------------------------

DAISANGEN = dict(melds=["pon:555z", "pon:666z", "pon:777z", "chi:123p"], win_tile="2z")


def _pao(**options):
    return riichi.score(None, "22z", seat="south", pao="west", **DAISANGEN, **options)


def test_the_pao_note_names_the_discarder_who_pays_the_other_half():
    note = riichi.pao_note(_pao(win="ron", discarder="north"), "north", "Chie", "Dan")
    assert note["text"].endswith("so Chie pays half of its yakuman (16,000) and Dan the other half."), note["text"]
    assert note["text_ja"].endswith("大三元の役満の半分 (16,000点) をChieが払い、残りの半分をDanが払います。"), \
        note["text_ja"]


def test_the_pao_note_names_the_discarders_seat_where_the_table_names_none():
    note = next(n for n in _pao(win="ron", discarder="north").extra["notes"] if n["id"] == "pao")
    assert note["text"].endswith("and North the other half."), note["text"]
    assert note["text_ja"].endswith("残りの半分を北家が払います。"), note["text_ja"]
    assert "放銃者" not in note["text_ja"] and "the discarder" not in note["text"]


def test_the_pao_note_before_the_discarder_is_chosen_still_says_the_discarder():
    note = next(n for n in _pao(win="ron").extra["notes"] if n["id"] == "pao")
    assert "残りの半分を放銃者が払います" in note["text_ja"] and "and the discarder the other half" in note["text"]


def test_the_pao_notes_brackets_are_followed_by_a_space_before_the_particle():
    tsumo = next(n for n in _pao(win="tsumo").extra["notes"] if n["id"] == "pao")["text_ja"]
    ron = next(n for n in _pao(win="ron", discarder="north").extra["notes"] if n["id"] == "pao")["text_ja"]
    assert "役満分 (32,000点) を西家が1人で払います" in tsumo, tsumo
    assert "役満の半分 (16,000点) を西家が払い" in ron, ron
    honba = next(n for n in _pao(win="tsumo", honba=1).extra["notes"] if n["id"] == "pao")["text_ja"]
    assert "役満分 (32,000点) と本場を西家が1人で払います" in honba, honba


@pytest.mark.parametrize("lang, said, not_said", [
    ("en", "so Chie pays half of its yakuman (16,000) and Dan the other half.", "the discarder"),
    ("ja", "大三元の役満の半分 (16,000点) をChieが払い、残りの半分をDanが払います。", "放銃者"),
])
def test_the_score_page_names_the_discarder_in_the_pao_note(home, page, lang, said, not_said):
    Ledger(home / "ledger.sqlite").new_match("tokyo-mahjong", ["Aki", "Ben", "Chie", "Dan"])
    at = page("score_manual", "tokyo-mahjong", lang)
    type_hand(at, "22z")
    at.text_input(key="manual_melds").set_value(", ".join(DAISANGEN["melds"])).run()
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.selectbox(key="manual_winner").set_value(1).run()  # Ben
    at.selectbox(key="manual_pao").set_value("west").run()  # Chie
    at.selectbox(key="manual_discarder").set_value(3).run()  # Dan
    from app.components.i18n import STRINGS  # the pao note, not the caption that pao is tilelens's default (59)

    (note,) = [c.value for c in at.caption
               if c.value.startswith(("Pao", "包")) and c.value not in STRINGS["pao_by_default"]]
    assert note.endswith(said) and not_said not in note, note


def test_a_name_given_twice_is_said_in_two_sentences(tmp_path):
    with pytest.raises(LedgerError) as said:
        Ledger(tmp_path / "ledger.sqlite").new_match("yokai-watch", ["Ann", "Bo", "Ann"])
    assert said.value.message_ja.startswith("Annという名前が2回あります。卓のプレイヤーには"), said.value.message_ja


def test_the_english_stale_refusal_ends_with_a_full_stop():
    ja, en = STRINGS["stale_not_added"]
    assert en.endswith("so this hand was not recorded.") and ja.endswith("。")


def test_keep_this_photo_says_the_laptop_as_the_rest_of_the_app():
    ja, en = keep_photo.S["help"]
    assert "アプリを動かしているパソコン" in ja and "コンピューター" not in ja, ja
    assert "on the laptop running the app" in en and "computer" not in en, en
