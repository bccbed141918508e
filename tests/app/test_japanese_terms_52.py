"""Session 52: the app's Japanese uses one word for one thing, as a native review chose (and as the command line
says them, tests/scorer/test_japanese_terms_cli_52.py): テンパイ, not 聴牌; 放銃者 for riichi, 捨てた人 for Donjara;
上がり牌, not 和了牌; ダブルリーチ; 場のリーチ棒, not 供託; 成績表, not 台帳 nor 点数表 (54); 罰符 (riichi) or ペナルティ (Donjara),
not 罰金/罰則; 端数, not 余り; 「あと1枚」, not 1コ; 誰, not だれ; 信頼度, not 自信; 追加, not 足す; ? not ？;
フォルダ, not フォルダー; the rules summary in です/ます; 。 (not 「: 」) between two sentences; 、 in Japanese
examples; no space between #{id} and its particle."""
from __future__ import annotations

import re
import string

import pytest

from app.components.i18n import DONJARA_STRINGS, STRINGS

TABLES = {"STRINGS": STRINGS, "DONJARA_STRINGS": DONJARA_STRINGS}
# a retired word: the one the review chose instead
RETIRED = {"聴牌": "テンパイ", "和了": "上がり", "罰金": "罰符/ペナルティ", "罰則": "罰符/ペナルティ", "台帳": "成績表", "点数表": "成績表",
           "？": "?", "フォルダー": "フォルダ", "だれ": "誰", "自信": "信頼度", "確からしさ": "信頼度", "足す": "追加",
           "足し": "追加", "供託": "場のリーチ棒", "余り": "端数", "割り切れ": "端数", "1コ": "1枚", "立直": "リーチ",
           "放銃した人": "放銃者", "終局": "対局終了", "第{n}局": "{n}局目", "最初の巡目": "1巡目",
           "アドレスの対局": "URLの対局", "カンマ区切り": "「、」か「,」で区切る"}


def _japanese(table):
    return {key: ja for key, (ja, _en) in table.items()}


@pytest.mark.parametrize("name", TABLES)
def test_no_retired_word_in_the_apps_japanese(name):
    said = [(key, word, ja) for key, ja in _japanese(TABLES[name]).items() for word in RETIRED if word in ja]
    assert not said, said


@pytest.mark.parametrize("name", TABLES)
def test_no_space_between_a_match_number_and_its_particle(name):
    said = {key: ja for key, ja in _japanese(TABLES[name]).items() if re.search(r"#\{id\} [はをがのにで]", ja)}
    assert not said, said


def test_the_riichi_words():
    ja = _japanese(STRINGS)
    assert ja["tenpai_players"] == "テンパイした人" and ja["tenpai"] == "テンパイ"
    assert "テンパイ" in ja["sum_noten"] and "テンパイ" in ja["sum_draw_tenpai"]
    assert ja["discarder"] == "放銃者" and ja["double_riichi"] == "ダブルリーチ"
    assert ja["several_ron"] == "ダブロン・トリロンあり"
    for key in ("pot_passed", "same_discard_honba"):
        assert "放銃者から見て順番が近い" in ja[key] and "(上家取り" in ja[key], ja[key]
    assert "場のリーチ棒" in ja["same_discard_honba"] and "成績表" in ja["same_discard_honba"]
    assert "罰符" in ja["chombo_none"] and ja["points"] == "点数"
    assert ja["incl_honba"].format(n=1, bonus="300") == "1本場分 300点を含む"
    assert ja["win_kind_help"] == DONJARA_STRINGS["win_kind_help"][0] == "手ごとにツモかロンかを選びます (初期値は{kind})。"
    assert ja["own_discards_help"] == "待ち牌のどれかを自分で捨てていればロンできません (ツモは可)。"


def test_the_donjara_words():
    ja = _japanese(DONJARA_STRINGS)
    assert ja["discarder"] == "捨てた人" and "放銃" not in "".join(ja.values())
    assert DONJARA_STRINGS["win"] == ("ドンジャラ！", "A win!") and STRINGS["win"][1] == "A win!"
    assert "ペナルティ" in ja["chombo_none"] and "罰符" not in "".join(ja.values())
    assert ja["draw"] == "誰も上がらず"


def test_a_chombos_note_is_the_one_the_ledger_reads_back():
    """The note is stored with the hand and said again in either language by the ledger (``FIXED_NOTES``): the
    app writes it in the words the ledger reads."""
    from tilelens.ledger import FIXED_NOTES, HandKind

    assert STRINGS["chombo_note"][0] == FIXED_NOTES[HandKind.CHOMBO]["ja"]


def test_the_photo_and_hand_words():
    ja = _japanese(STRINGS)
    assert ja["add_missed"] == "写真にない牌を追加" and ja["add_tile"] == "牌を追加"
    assert "追加" in ja["palette"] and "追加" in ja["hand_full"]
    assert ja["low_conf"].startswith("赤い枠 (番号に「?」) と赤いボタン (⚠) は信頼度の低い牌です。")
    for key in ("unsure_alt", "boxed_alt", "hint_drop"):
        assert "信頼度" in ja[key], ja[key]
    assert "1人分より多い牌が2か所に分かれて写っています" in ja["photo_note_two_hands"]
    for key in ("small_tiles", "photo_note_palette", "photo_note_palette_donjara"):
        assert "を使うと読み取りやすくなります" in ja[key] and "確か" not in ja[key], ja[key]
    assert "多くの牌を読み違えるおそれがあります" in ja["photo_note_colourless"]
    for key in ("dealt_tenpai_help",):  # the box and the rules' summary: 「配牌でテンパイ」 (a later native review)
        assert "あと1枚で上がり" in ja[key], ja[key]
    assert len(ja["dealt_tenpai"]) <= 20  # a checkbox's label on a phone (one line at 356 css px: 3 of them half-width)
    assert "1巡目" in ja["not_with_first_turn"] and "1巡目" in ja["not_with_last_tile"]


def test_the_ledger_words():
    ja = _japanese(STRINGS)
    assert ja["deals"].format(done=1, total=8) == "8局中1局終了"  # after 「親: Bo」: 親 not twice (test_table_rules_data_50)
    assert ja["deals_ended"].format(done=8, total=8) == "終了 (8局中8局)"
    assert ja["match_started"].format(id=3, names="A、B") == "対局 #3を始めました: A、B"
    assert ja["payers_others"].format(n=3) == "プレイヤー1〜3は上がった人以外の人です。それぞれが上がった人に支払います。"
    assert ja["player_names"] == "プレイヤー名 (席順に「、」「,」かスペースで区切る)"
    assert ja["incl_remainder"].startswith("端数") and ja["remainder_payer"].startswith("端数を払う人")
    for key in ("address_match_missing", "address_match_none", "address_match_other_game"):
        assert ja[key].startswith("URLの対局 #{id}"), ja[key]
    assert "{n}局目" in ja["added_before_correction"] and "{n}局目" in ja["added_earlier"]


def test_the_rules_summary_is_said_politely():
    ja = _japanese(STRINGS)
    # each sentence ends in です/ます (a bracket after it aside): 「持ち点は 1,000点から。」 was a note, not a sentence
    plain = {key: v for table in TABLES.values() for key, (v, _en) in table.items() if key.startswith("sum_")
             and not re.search("(です|ます|ません)( \\([^()]*\\))?。$", v)}
    assert not plain, plain
    assert ja["sum_start"].format(n="25,000点") == "開始時の持ち点は25,000点です。"
    assert ja["sum_dealer_keeps"] == "親が上がると連荘 (親が続く) です。"
    assert ja["sum_red_fives"] == "赤ドラ (萬子・筒子・索子の5に1枚ずつ) は1枚につきドラ1です。"
    assert ja["sum_honba"].format(ron="300点", tsumo="100点") == (
        "親の上がりと流局のたびに1本場積み、子が上がると0本場に戻ります。1本場につきロンは300点、ツモは1人100点ずつ"
        "加算します。")
    assert "持ち点がマイナスになると (トビ)" in ja["sum_end_below"]
    for key in ("sum_end", "sum_end_below", "sum_end_at", "sum_end_laps"):
        assert ja[key].endswith("対局終了です。"), ja[key]


@pytest.mark.parametrize("key", ["tileset_gone", "other_game", "typed_not_used", "nothing_typed",
                                 "photo_note_colourless", "photo_note_two_hands", "photo_aside_gone"])
def test_two_sentences_are_not_joined_by_a_colon(key):
    assert ": " not in STRINGS[key][0], STRINGS[key][0]


@pytest.mark.parametrize("key", ["melds_example"])
def test_japanese_examples_are_listed_with_the_japanese_comma(key):
    ja = STRINGS[key][0]
    assert "," not in ja and "555m、チー" in ja, ja


@pytest.mark.parametrize("name", TABLES)
def test_each_language_fills_in_the_same_values(name):
    fields = {key: ({f for _, f, _, _ in string.Formatter().parse(ja) if f},
                    {f for _, f, _, _ in string.Formatter().parse(en) if f}) for key, (ja, en) in TABLES[name].items()}
    # a Japanese amount carries its unit ({unit}) where the English one is said with it ({amount}, {chip})
    allowed = {"sum_chombo", "sum_chip", "pot_taken", "pot_own"}
    assert not {key: f for key, f in fields.items() if f[0] != f[1] and key not in allowed}


def test_a_donjara_win_is_cried_donjara_on_a_japanese_screen():
    from app_helpers import open_page, type_hand

    at = open_page("score_manual", "yokai-watch", "ja")
    type_hand(at, "yokai-01 yokai-01 yokai-01 yokai-02 yokai-02 yokai-02 yokai-03 yokai-03 almighty")
    said = [s.value for s in at.success] + [m.value for m in at.markdown]
    assert any("ドンジャラ！" in s for s in said), said
    assert not any("上がり！" in s for s in said), said
