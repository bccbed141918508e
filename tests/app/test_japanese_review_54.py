"""Session 54: a native speaker's review of the app's words (its items 1, 5, 6, 7, 9, 11 change a meaning). The
ledger is the 成績表 (a riichi player reads 点数表 as the fu/han points chart); a chombo is made, not declared; a
control is named by the label it has; a hand of tiles added by hand says so; a guess is said as a guess;
Cinderella's calls are its own (「ライブスタート！」, 「リーチ (スタンバイ)」)."""
from __future__ import annotations

import pytest
from app_helpers import open_page, texts, type_hand

from app.components.i18n import DONJARA_STRINGS, STRINGS

TABLES = {"STRINGS": STRINGS, "DONJARA_STRINGS": DONJARA_STRINGS}


def _ja(key: str) -> str:
    return STRINGS[key][0]


def _en(key: str) -> str:
    return STRINGS[key][1]


# 1. 成績表, not 点数表 -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", TABLES)
def test_the_ledger_is_never_called_the_points_chart(name):
    said = {key: ja for key, (ja, _en) in TABLES[name].items() if "点数表" in ja}
    assert not said, said


def test_the_ledger_is_the_seiseki_hyou_on_its_page_and_its_buttons():
    assert _ja("page_ledger") == "成績表"
    assert _ja("add_to_ledger") == "成績表に記録" and _ja("added") == "{hand}として成績表に記録しました。"
    assert _ja("open_ledger") == "成績表のページを開く" and _ja("ledger_where") == "成績表の保存場所"
    assert "成績表のページで始めてください" in _ja("no_match")


def test_the_page_menu_names_the_ledger_seiseki_hyou(home):
    at = open_page("rules", lang="ja")
    names = [link.value for link in at.get("page_link")]
    assert "成績表" in names and "点数表" not in names, names


# 5. a chombo is made, not declared ---------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["chombo_player", "chombo_choose", "chombo_rule", "chombo_rule_no_chips"])
def test_nobody_declares_a_chombo_in_english(key):
    assert "declared" not in _en(key) and "made" in _en(key), _en(key)
    if key in DONJARA_STRINGS:
        assert "declared" not in DONJARA_STRINGS[key][1] and "made" in DONJARA_STRINGS[key][1]


def test_the_chombo_picker_asks_who_made_it():
    assert _en("chombo_player") == "Who made the chombo"


# 6. a control is named by its own label -------------------------------------------------------------------------

@pytest.mark.parametrize("lang", [0, 1])
def test_the_ledger_hint_names_the_add_button_as_it_is_labelled(lang):
    button, winner = STRINGS["add_to_ledger"][lang], STRINGS["winner"][lang]
    hint = STRINGS["ledger_once_it_wins"][lang].format(button=button, winner=winner)
    assert button in hint and winner in hint, hint
    if lang == 0:
        assert "「記録」" not in hint, hint


def test_keep_photo_names_the_label_pages_teach_button():
    from app.components.keep_photo import S
    from app.components.teach_view import STRINGS as TEACH

    button = TEACH["teach"][0].split(" (")[0]  # 「この牌を覚えさせる」 (牌セットの登録)
    assert f"「{button}」" in S["help"][0] and "学習" not in S["help"][0], S["help"][0]
    assert TEACH["teach"][1] in S["help"][1], S["help"][1]


# 7. tiles added by hand are said to be only those ----------------------------------------------------------------

def test_a_photo_with_no_tiles_read_says_the_hand_is_only_those_added_by_hand():
    assert _ja("no_tiles_by_hand") == "写真からは牌を読み取れませんでした。下の手牌は、手で追加した牌だけです。"
    assert "only the tiles you added by hand" in _en("no_tiles_by_hand")


# 9. a guess is said as a guess ------------------------------------------------------------------------------------

def test_a_box_that_may_be_no_tile_is_said_as_a_guess():
    ja = _ja("hint_drop").format(i=3, read="白", d=0.7)
    assert ja == "3枚目の 白は牌ではないかもしれません (枠の信頼度 70%)。外してください。", ja
    en = _en("hint_drop").format(i=3, read="White", d=0.7)
    assert "may not be a tile" in en and "is not a tile" not in en, en


# 8, 14, 19: one word for one thing ------------------------------------------------------------------------------

def test_the_remainder_note_says_one_part_of_it():
    # one unit of the remainder, not "one remainder"; said inside the payment's bracket, so with no bracket of its own
    assert _ja("incl_remainder") == "端数の一部を含みます。誰が払うかは、払う人どうしのじゃんけんで決めます"  # as the CLI


def test_red_fives_are_aka_dora_in_the_rules_summary():
    assert "赤ドラ" in _ja("sum_red_fives") and "赤五" not in _ja("sum_red_fives")
    assert _ja("sum_no_red_fives") == "赤ドラはありません。"


def test_the_event_pages_notices_are_for_reference():
    from app.views.event_check import S

    assert S["col_notice"][0] == "参考"


# 16, 17, 26: the retired spellings, one verb for teaching, no English colon between two clauses -------------------

def test_keep_photo_uses_the_current_spellings():
    from app.components.keep_photo import S

    ja = "".join(v[0] for v in S.values())
    assert "フォルダー" not in ja and "足した" not in ja and "学習" not in ja, ja


@pytest.mark.parametrize("key", ["dealer_moved", "name_like", "game_switched", "three_players", "older",
                                 "older_tables", "name_taken", "name_other_photos", "session_folder", "check_kept",
                                 "nameless"])
def test_event_page_clauses_are_not_joined_by_a_colon(key):
    from app.views.event_check import S

    assert ": " not in S[key][0].replace("{p}: ", ""), S[key][0]


def test_other_clauses_are_not_joined_by_a_colon():
    from app.components.keep_photo import S as KEEP
    from app.components.set_names import READER_STRINGS

    for ja in (KEEP["changed"][0], READER_STRINGS["choose_set"][0], READER_STRINGS["teach_set"][0],
               _ja("photo_note_animated"), _ja("no_third_ron")):
        assert ": " not in ja, ja


# 11. Cinderella's own calls ---------------------------------------------------------------------------------------

CINDERELLA = ("mizumoto-yukari mimura-kanako igarashi-kyouko kohinata-miho sakurai-momoka seki-hiromi kamiya-nao "
              "tada-riina mifune-miyu")


@pytest.mark.parametrize("lang, cry, riichi, other", [("ja", "ライブスタート！", "リーチ (スタンバイ)", "ドンジャラ！"),
                                                      ("en", "Live Start!", "Riichi (Standby)", "A win!")])
def test_a_cinderella_win_is_cried_live_start_and_its_riichi_is_standby(home, lang, cry, riichi, other):
    at = type_hand(open_page("score_manual", "cinderella-neo", lang), CINDERELLA)
    said = texts(at)
    assert cry in said and other not in said, said
    assert at.checkbox(key="manual_riichi").label == riichi
    options = STRINGS["options"][lang == "en"]
    folds = [e.label for e in at.expander if e.label.startswith(options)]  # 「条件 · ツモ · リーチ (スタンバイ) · 4人」
    assert folds and riichi in folds[0], folds


def test_another_donjara_edition_keeps_its_cry_and_riichi(home):
    at = type_hand(open_page("score_manual", "yokai-watch", "ja"),
                   "yokai-01 yokai-01 yokai-01 yokai-02 yokai-02 yokai-02 yokai-03 yokai-03 almighty")
    assert "ドンジャラ！" in texts(at) and "ライブスタート" not in texts(at)
    assert at.checkbox(key="manual_riichi").label == "リーチ"
