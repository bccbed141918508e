"""Session 52: a native-Japanese re-read of the screens and the command line in context. What the pages and
`tilelens` print: finished sentences (「…合計 5,500点です。」), one line for a dealer's tsumo paid alike by every
other player, names listed with 、, a yaku's value with its unit, 「ロン 役なし」 not 「ロン 0」, the CLI's
ドンジャラ！, and the review's shorter wording."""
from __future__ import annotations

from app_helpers import texts, tsumo, type_hand

from tilelens.cli import main
from tilelens.ledger import Ledger

CINDERELLA = ("mizumoto-yukari mimura-kanako igarashi-kyouko kohinata-miho sakurai-momoka seki-hiromi kamiya-nao "
              "tada-riina mifune-miyu").split()
NOGI = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "almighty-god"]


def _cli(capsys, monkeypatch, *argv: str, lang: str = "ja") -> str:
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_cli_cinderella_split_says_the_remainder_once_and_cries_live_start(home, capsys, monkeypatch):
    out = _cli(capsys, monkeypatch, "score", "--game", "cinderella-neo", "--players", "3", "--riichi", *CINDERELLA)
    assert "  端数の1万は、払う人どうしのじゃんけんで負けた人が払います。\n" in out, out
    assert out.count("じゃんけん") == 1, out  # said in the remainder's line only
    assert "ライブスタート！ 3万を受け取ります" in out and "上がり！" not in out, out  # its own cry (session 54)


def test_cli_favourite_and_pot_are_whole_sentences(home, capsys, monkeypatch):
    out = _cli(capsys, monkeypatch, "score", "--game", "cinderella-neo", "--players", "3", "--riichi",
               "--favourite", "mizumoto-yukari", *CINDERELLA)
    assert "担当アイドル (水本ゆかり) が手牌にあるので2倍" in out, out
    out = _cli(capsys, monkeypatch, "score", "--game", "nogizaka", "--riichi", "--pot", "10", *NOGI)
    assert ("ドンジャラ！ 60点を受け取ります。場のリーチのチップ 20点も受け取り、合計 80点です。"
            "うち 10点は自分がリーチで出したチップです (ほかの人は払いません)。") in out, out
    assert "琴子 琴子 神オールマイティ (神オールマイティ → 琴子)" in out and ";" not in out, out
    english = _cli(capsys, monkeypatch, "score", "--game", "nogizaka", "--riichi", "--pot", "10", *NOGI, lang="en")
    assert "A win" not in english and "receives" in english  # English as it was


def test_a_dealers_tsumo_is_one_line_and_the_pot_a_sentence(home, page):
    at = tsumo(type_hand(page("score_manual", "tokyo-mahjong", "ja"), "123m456p789s11z345s"))
    at.checkbox(key="manual_dealer").check().run()
    said = texts(at)
    assert "子がそれぞれ" in said and "オール)" in said, said
    assert "南が" not in said and "西が" not in said, said
    at.number_input(key="manual_sticks").set_value(1).run()
    said = texts(at)
    assert "場のリーチ棒 1,000点も受け取り、合計" in said and "点です。" in said, said


def test_a_wait_with_no_yaku_by_ron_says_so(home, page):
    at = type_hand(page("score_manual", "tokyo-mahjong", "ja"), "123m456p789s11z34s")
    said = texts(at)
    assert "ロン 役なし" in said and "ロン 0 " not in said, said


def test_cinderella_three_players_remainder_and_yaku_unit(home, page):
    at = page("score_manual", "cinderella-neo", "ja")
    at = type_hand(at, " ".join(CINDERELLA))
    at.segmented_control(key="manual_players").set_value(3).run()
    said = texts(at)
    assert "端数の1万は、払う人どうしのじゃんけんで負けた人が払います。" in said, said
    assert "リハーサルライブセット (3万)" in said or "リハーサルライブセット 3万" in said, said
    assert "(3)" not in said, said


def test_ledger_notes_and_names_read_as_sentences(home, capsys, monkeypatch):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", ["太郎", "花子", "次郎", "三郎"])
    ledger.add_draw(m, riichi=(1,), tenpai=(0, 1))
    ledger.add_win(m, 2, "ron", {0: 1000})
    out = _cli(capsys, monkeypatch, "ledger", "show", str(m))
    assert "太郎、花子" in out and "太郎 花子" not in out, out
    assert "場のリーチ棒 1,000点 (1本)も獲得" in out and "も受け取り" not in out, out
    out = _cli(capsys, monkeypatch, "ledger", "list")
    assert "、" in out or "トップ: 次郎" in out, out
    english = _cli(capsys, monkeypatch, "ledger", "show", str(m), lang="en")
    assert "太郎, 花子" in english, english


def test_a_chombos_note_says_its_penalty_once(home, capsys, monkeypatch):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("nogizaka", ["太郎", "花子", "次郎", "三郎"])
    ledger.add_chombo(m, 1, {0: 100, 2: 100, 3: 100}, note="チョンボ (ペナルティ 300)")
    out = _cli(capsys, monkeypatch, "ledger", "show", str(m))
    assert "ペナルティ 300点" in out and "チョンボ (ペナルティ" not in out, out


def test_the_reviews_shorter_words():
    from app.components import rules_view
    from app.components.i18n import DONJARA_STRINGS, STRINGS
    from app.components.set_names import STRINGS as SETS
    from app.views.label import STRINGS as LABEL

    words = {k: v[0] for k, v in STRINGS.items()}
    assert words["dealt_tenpai"] == "配牌でテンパイ (リーチなしで上がれる)"
    assert words["need_tiles"].format(n=14, have=13) == "手牌は14枚にしてください (いま 13枚)。"
    assert words["pot_taken"].format(pot="1,000", total="5,500", unit="点").endswith("合計 5,500点です。")
    assert DONJARA_STRINGS["pot_own"][0].format(own=10, unit="点") == \
        "うち 10点は自分がリーチで出したチップです (ほかの人は払いません)。"
    assert "本場は次の局に積みます" in words["nagashi_help"] and "4,000オール" in words["nagashi_help"]
    assert "席順" not in words["remainder_default"]  # the caption under it names who pays
    assert SETS["model_of"][0].format(game="東京麻雀") == "東京麻雀のモデル"
    assert "これらの牌を読み違えやすく" in LABEL["thin_why"][0] and "正しいと判断しがち" in LABEL["audit_help"][0]
    rules = {k: v[0] for k, v in rules_view.RULES_STRINGS.items()}
    assert rules["mark_house"] == "ハウスルール" and "成績表の対局は残ります" in rules["remove_help"]
    assert rules["house_parts"].startswith("主催者が変更できる項目") and "端数は" in rules["pay_tsumo_even"]


def test_a_dealers_tsumo_at_the_open_table_is_one_line_by_name(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.new_match("tokyo-mahjong", ["太郎", "花子", "次郎", "三郎"])
    at = tsumo(type_hand(page("score_manual", "tokyo-mahjong", "ja"), "234m456p678s22z555z"))
    at.selectbox(key="manual_winner").set_value(0).run()  # 太郎 deals the first hand
    said = texts(at)
    assert "子がそれぞれ太郎に" in said and "オール)" in said, said
    assert "花子が太郎に" not in said, said
