"""Session 54: a native speaker's review of the core's words (scorer, event check). Each test fails on the old
wording where it misled: a dealt hand's Almighty waits were listed as waits with one note that read as covering
every wait (3); 赤 before an honour got the honours hint (4); a seat that is not the dealer's was "(player)" (10);
Cinderella Girls cried 「ドンジャラ！」, not its own 「ライブスタート！」, and its riichi is its Standby (11); 立直 beside
the options' リーチ (13); 赤五 beside 赤ドラ (14); a notice was 「お知らせ」, an announcement (19); 「待ちはありません:
上がりまであと2枚」 for a hand that is not tenpai (20); the honours hint's ASCII commas (22); 知らない for unknown
(25); the HTML report's crops said in English only (23)."""
from __future__ import annotations

import pytest

from scorer import load_game, score
from scorer.result import HandError
from tilelens.cli import main
from tilelens.event.model import Severity, SeatReading, TileRef
from tilelens.event.rules import Seating, check_readings

FOUR = Seating(seats=("1", "2", "3", "4"), dealer="1")
M = ["misa-senpai", "sayurin", "maimai", "marika", "rarin", "sayunyan", "minami", "miona", "himetan", "miria",
     "kotoko", "ashu"]
CLEAN = {"1": M[0:9], "2": M[4:12], "3": [M[i] for i in (0, 2, 4, 6, 8, 10, 11, 1)],
         "4": [M[i] for i in (1, 3, 5, 7, 9, 11, 0, 2)]}
CINDERELLA = ("mizumoto-yukari mimura-kanako igarashi-kyouko kohinata-miho sakurai-momoka seki-hiromi kamiya-nao "
              "tada-riina mifune-miyu").split()
NOGI = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "almighty-god"]


def hand(seat: str, kinds: list[str]) -> SeatReading:
    tiles = tuple(TileRef(seat, i, k, (i * 50.0, 0, i * 50.0 + 45, 60), 0.99) for i, k in enumerate(kinds))
    return SeatReading(seat=seat, photo=f"seat{seat}.jpg", tiles=tiles)


def _cli(capsys, monkeypatch, *argv: str, lang: str = "ja") -> str:
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


@pytest.fixture(scope="module")
def nogi():
    return load_game("nogizaka")


# 3. a dealt hand one from winning: the Almighty waits are no waits, and the note says why -----------------------

def _tenpai(nogi, kinds, seat="1"):
    hands = dict(CLEAN, **{seat: kinds})
    (f,) = check_readings(nogi, FOUR, {s: hand(s, k) for s, k in hands.items()})
    return f


def test_a_discard_then_wait_lists_only_the_tiles_one_may_win_on(nogi):
    f = _tenpai(nogi, ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 2 + ["ashu"])
    assert f.message_ja == ("1番席は配牌でテンパイです: あしゅ (ashu) を切って琴子 (kotoko) 待ち (オールマイティでも"
                            "形はできますが、オールマイティで上がるとチョンボです)"), f.message_ja
    assert f.message == ("seat 1 is one tile from winning as dealt: discard Ashu (ashu) -> wait on Kotoko (kotoko) "
                         "(an Almighty also completes the hand, but winning on an Almighty is chombo)"), f.message
    assert any(w["tile"] == "almighty-god" for d in f.data["discards"] for w in d["waits"])  # the data keeps them


def test_a_hand_waiting_as_dealt_lists_its_waits_then_says_the_almighty_once(nogi):
    f = _tenpai(nogi, ["sayurin"] * 3 + ["miona"] * 3 + ["maimai"] * 2, seat="4")
    assert "オールマイティ (almighty" not in f.message_ja and "Almighty (Pink)" not in f.message, f.message
    assert f.message_ja.count("チョンボ") == 1 and f.message.count("chombo") == 1, f.message_ja
    assert "まいまい (maimai、基本セット 60点)" in f.message_ja, f.message_ja


# 4. 赤 before an honour says where 赤 goes ---------------------------------------------------------------------

@pytest.mark.parametrize("hand_text", ["123m456p789s1z赤5z", "123m456p789s1z赤五z"])
def test_red_before_an_honour_says_red_goes_before_a_suited_five(hand_text):
    with pytest.raises(HandError) as info:
        score("tokyo-mahjong", hand_text)
    assert "赤は萬子・筒子・索子の5の前にだけ書けます (例: 赤五萬 = 0m)" in info.value.message_ja, info.value.message_ja
    assert "字牌は" not in info.value.message_ja
    assert "only before a five of manzu, pinzu or souzu" in str(info.value) and "honours are" not in str(info.value)


def test_the_honours_hint_joins_its_tiles_as_japanese(capsys):
    with pytest.raises(HandError) as info:
        score("tokyo-mahjong", "123m456p789s11z8z")
    ja = info.value.message_ja
    assert "1z=東、2z=南、3z=西、4z=北、5z=白、6z=發、7z=中 (英字なら E・S・W・N・P・F・C)" in ja, ja


# 10. a seat that does not deal is a non-dealer --------------------------------------------------------------------

def test_a_seat_that_does_not_deal_is_a_non_dealer_in_english(nogi):
    readings = {s: hand(s, k) for s, k in CLEAN.items()}
    readings["4"] = hand("4", CLEAN["4"][:7])
    (f,) = check_readings(nogi, FOUR, readings)
    assert f.message.startswith("seat 4 (non-dealer) has 7 tiles"), f.message
    assert f.message_ja.startswith("4番席 (子) の牌は7枚です"), f.message_ja


# 11. Cinderella Girls' own calls -----------------------------------------------------------------------------------

def test_cinderella_cries_live_start_and_the_other_editions_donjara(capsys, monkeypatch):
    out = _cli(capsys, monkeypatch, "score", "--game", "cinderella-neo", "--players", "3", "--riichi", *CINDERELLA)
    assert "ライブスタート！ 3万を受け取ります" in out and "ドンジャラ！" not in out, out
    english = _cli(capsys, monkeypatch, "score", "--game", "cinderella-neo", "--players", "3", "--riichi",
                   *CINDERELLA, lang="en")
    assert "\nLive Start!\n  the winner receives 3 x10,000 fans" in english, english
    out = _cli(capsys, monkeypatch, "score", "--game", "nogizaka", "--riichi", *NOGI)
    assert "ドンジャラ！ 60点を受け取ります" in out and "ライブスタート" not in out, out
    english = _cli(capsys, monkeypatch, "score", "--game", "nogizaka", "--riichi", *NOGI, lang="en")
    assert "  the winner receives 60" in english and "Live Start" not in english, english


def test_the_calls_are_the_game_files_words():
    from scorer.engine import game_calls

    assert game_calls(load_game("cinderella-neo")) == {"win": ("ライブスタート！", "Live Start!"),
                                                       "riichi": ("スタンバイ", "Standby")}
    assert game_calls(load_game("nogizaka")) == {"draw": ("流局", "Nobody won")} and game_calls(load_game("tokyo-mahjong")) == {}


def test_cinderella_asks_for_its_standby_before_a_win():
    r = score("cinderella-neo", CINDERELLA)
    assert not r.winning and "上がるには先にリーチ (スタンバイ) が必要です" in r.reason_ja, r.reason_ja
    assert r.reason.startswith("a win needs a riichi (Standby) first"), r.reason
    r = score("nogizaka", NOGI)
    assert "上がるには先にリーチが必要です" in r.reason_ja and r.reason.startswith("a win needs a riichi first")


def test_a_games_calls_that_are_not_words_are_refused_in_both_languages():
    from scorer.catalog import thaw
    from scorer.engine import game_calls
    from scorer.result import GameFileError

    game = load_game("cinderella-neo")
    rules = thaw(game.rules)
    rules["table"]["calls"] = {"win_ja": 3}
    with pytest.raises(GameFileError) as info:
        game_calls(game.with_rules(rules))
    assert "calls" in str(info.value) and "win_ja" in str(info.value) and "calls" in info.value.message_ja
    rules["table"]["calls"] = {"wins_ja": "やった"}
    with pytest.raises(GameFileError) as info:
        game_calls(game.with_rules(rules))
    assert "wins_ja" in str(info.value) and "不明なキー" in info.value.message_ja, info.value.message_ja


# 13, 14: リーチ, not 立直, beside the options; 赤ドラ, not 赤五 -----------------------------------------------------

def test_the_riichi_yaku_variants_say_riichi_as_the_options_do():
    from scorer.riichi_rules import YAKU_NAMES

    assert YAKU_NAMES[2][0] == "オープンリーチ" and YAKU_NAMES[8][0] == "ダブルリーチ"
    assert YAKU_NAMES[9][0] == "ダブルオープンリーチ"


@pytest.mark.parametrize("hand_text", ["5m red", "5m r", "赤3m"])
def test_a_red_five_is_aka_dora_in_the_hints(hand_text):
    from scorer.riichi_tiles import parse_mpsz

    with pytest.raises(HandError) as info:
        parse_mpsz(hand_text)
    assert "赤ドラは 0m" in info.value.message_ja and "赤五は" not in info.value.message_ja, info.value.message_ja


def test_a_red_winning_tile_not_held_is_aka_dora():
    with pytest.raises(HandError) as info:
        score("tokyo-mahjong", "123m456p789s11z555m", win_tile="0m")
    assert "上がり牌 0m は赤ドラですが" in info.value.message_ja, info.value.message_ja


# 19. a finding to note is for reference -------------------------------------------------------------------------

def test_a_notice_is_for_reference():
    from tilelens.event import cli as event_cli
    from tilelens.event.report import SEVERITY_JA

    assert SEVERITY_JA[Severity.NOTICE] == "参考"
    table = {"table": "t5", "verdict": "ok", "counts": {"notice": 1}, "findings": [
        {"kind": "tenpai-as-dealt", "severity": "notice", "message": "seat 2 is one tile from winning as dealt",
         "message_ja": "2番席は配牌でテンパイです", "seats": ["2"], "tiles": []}]}
    assert event_cli._table_lines(table, "ja")[1].strip() == "参考: 2番席は配牌でテンパイです"


# 20. a riichi hand that is not tenpai says so ------------------------------------------------------------------------

def test_a_riichi_hand_not_tenpai_says_its_shanten(capsys, monkeypatch):
    out = _cli(capsys, monkeypatch, "waits", "--game", "tokyo-mahjong", "123m456p789s11z29m")
    assert out == "テンパイしていません (1シャンテン)\n", out
    out = _cli(capsys, monkeypatch, "waits", "--game", "tokyo-mahjong", "2345678m123p567s", "--riichi")
    assert out.startswith("待ち 3種類:"), out


# 24. the riichi groups in kanji, as the app's tiles read ---------------------------------------------------------

def test_the_riichi_groups_are_said_in_kanji_in_japanese(capsys, monkeypatch):
    out = _cli(capsys, monkeypatch, "score", "--game", "tokyo-mahjong", "123m456p789s11z555m", "--win-tile", "5m",
               "--riichi")
    line = next(x for x in out.splitlines() if x.startswith("  組み合わせ: "))
    assert line == "  組み合わせ: 東東  一二三萬  五五五萬  四五六筒  七八九索", line
    english = _cli(capsys, monkeypatch, "score", "--game", "tokyo-mahjong", "123m456p789s11z555m", "--win-tile",
                   "5m", "--riichi", lang="en")
    assert "  sets: 11z  123m  555m  456p  789s" in english, english


# 25. unknown, not 「知らない」 -----------------------------------------------------------------------------------------

def test_an_unknown_option_is_not_said_as_not_known_by_the_scorer():
    with pytest.raises(HandError) as info:
        score("nogizaka", NOGI, riichi=True, shouting=True)
    assert "知らない" not in info.value.message_ja and "対応していない" in info.value.message_ja, info.value.message_ja


# 23. the HTML report's crops in the page's language -------------------------------------------------------------

def test_the_reports_crops_are_said_in_the_pages_language(nogi):
    from tilelens.event.report import findings_table

    readings = {s: hand(s, k) for s, k in CLEAN.items()}
    readings["3"] = hand("3", ["misa-senpai"] * 8)
    findings = tuple(check_readings(nogi, FOUR, readings))
    files = {"crops/seat3-t01.jpg": b"\x89PNG"}
    ja = findings_table(findings, files, "nogizaka", lang="ja")
    assert 'alt="みさ先輩と読んだ牌" lang="ja"' in ja, ja  # the page's language alone
    assert 'title="3番席の1枚目: みさ先輩 (信頼度 0.99)"' in ja, ja
    en = findings_table(findings, files, "nogizaka", lang="en")
    assert 'alt="tile read as Misa-senpai" lang="en"' in en
    assert 'title="seat 3, tile 1: Misa-senpai (0.99)"' in en
