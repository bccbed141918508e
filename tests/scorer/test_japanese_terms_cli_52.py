"""Session 52: the command line's and the scorer's Japanese use one word for one thing, as a native review chose
(and as the app says them): テンパイ, not 聴牌; 放銃者 (riichi), not 放銃した人; 上がり牌, not 和了牌; リーチ in
messages (the yaku keep 立直); ペナルティ for a Donjara chombo, not 罰金; 端数; 枚, not コ; フォルダ, not
フォルダー; 牌セット, not タイルセット; 信頼度, not 自信/確かさ; 幺九牌 (U+5E7A), not 么; 暗カン/明カン in the fu
labels; a Donjara chip, not a リーチ棒; 「ツモ符」; 「東 (親)」; 「1本場分 300点を含む」; 1巡目; ? not ？."""
from __future__ import annotations

import io
import tokenize
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
MODULES = sorted({*(REPO / "scorer").glob("*.py"), REPO / "tilelens" / "ledger.py", REPO / "tilelens" / "ledger_cli.py",
                  REPO / "tilelens" / "ledger_merge.py",
                  *(REPO / "tilelens" / "event").glob("*.py"), REPO / "vision" / "read_cli.py"})
# Words the review replaced, in any string a user reads (comments are not said).
RETIRED = ["聴牌", "放銃した人", "和了牌", "罰金", "割り切れない", "あと1コ", "フォルダー", "タイルセット", "自信の低",
           "自信度", "確かさ", "么", "最初の巡目", "？", "東(親)", "立直は門前", "には立直", "本場の",
           "コンピューター", "確信度", "既に", "すでにあります", "分け方", "副露"]
# Stored notes written before: still read (and said in the new words), so their old form stays, once.
STILL_READ = {("tilelens/ledger.py", "チョンボ (罰金 {penalty})"), ("tilelens/ledger.py", r"(?:分 |の)[\d,]+点?を含む")}


def _japanese_strings(path: Path) -> list[str]:
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    return [t.string for t in tokens if t.type == tokenize.STRING
            and any("\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" or "\uff00" <= c <= "\uffef"
                    for c in t.string)]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(REPO)))
def test_no_retired_word_in_what_a_user_reads(path):
    name = str(path.relative_to(REPO))
    said = [(word, s) for s in _japanese_strings(path) for word in RETIRED if word in s
            and not any(name == n and old in s for n, old in STILL_READ)]
    assert not said, said


@pytest.mark.parametrize("name", ["scorer/engine.py", "scorer/cli.py"])
def test_a_donjara_pot_is_chips_not_sticks(name):
    assert not [s for s in _japanese_strings(REPO / name) if "リーチ棒" in s or "1本" in s]


def test_riichi_words():
    from scorer.result import payer_ja, payment_note_ja
    from scorer.payout import REMAINDER_NOTE
    from scorer.riichi_rules import FU_REASONS, SITUATION_ERRORS_JA

    assert payer_ja("east (dealer)") == "東 (親)" and payer_ja("player 2") == "プレイヤー2"
    assert payer_ja("discarder") == "放銃者" and payer_ja("discarder", "donjara") == "捨てた人"
    assert payment_note_ja("incl. 300 for 1 honba") == "1本場分 300点を含む"
    assert payment_note_ja(REMAINDER_NOTE, "1万").startswith("端数のうち1万を含みます。")
    assert FU_REASONS["tsumo"][0] == "ツモ符"
    assert FU_REASONS["closed_terminal_pon"][0] == "幺九牌の暗刻" and FU_REASONS["open_kan"][0] == "中張牌の明カン"
    assert FU_REASONS["closed_terminal_kan"][0] == "幺九牌の暗カン"
    assert not [ja for ja, _ in FU_REASONS.values() if "槓" in ja]
    from scorer.riichi_split import _MELD_JA

    assert not [ja for ja in _MELD_JA.values() if "槓" in ja] and _MELD_JA["ankan"] == "暗カン"  # a meld as the app says it
    assert SITUATION_ERRORS_JA["open_hand_riichi_not_allowed"] == "リーチは門前 (鳴きなし) の手だけです (暗カンは門前のまま)"
    assert SITUATION_ERRORS_JA["ippatsu_without_riichi_not_allowed"] == "一発にはリーチが必要です"


def test_donjara_words():
    from scorer.engine import DEALT_JA
    from tilelens.ledger import HandKind, HandRecord, hand_note_said

    assert DEALT_JA == "配牌でテンパイの"
    old = HandRecord(0, HandKind.CHOMBO, offender=1, note="チョンボ (罰金 300)")  # stored before: still read
    new = HandRecord(0, HandKind.CHOMBO, offender=1, note="チョンボ (ペナルティ 300)")
    for hand in (old, new):
        assert hand_note_said(hand, "ja", {"en": "points", "ja": "点"}) == "ペナルティ 300点"
        assert hand_note_said(hand, "en") == "Penalty 300"


def test_a_donjara_chombo_and_pot_say_penalty_and_chips():
    from scorer import score
    from scorer.result import HandError

    r = score("nogizaka", ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3, riichi=True, win="ron", own_discard=True)
    assert r.chombo and r.reason_ja.endswith("。ペナルティ 300点"), r.reason_ja
    with pytest.raises(HandError) as refused:
        score("nogizaka", ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3, win="ron", pot=15)
    assert refused.value.message_ja.startswith("リーチのチップは1枚10点です。"), refused.value.message_ja


@pytest.mark.parametrize("note", ["平和。1本場の300を含む", "平和。2本場分 600点を含む", "Pinfu; incl. 300 for 1 honba"])
def test_a_stored_honba_note_is_read_in_its_old_words_and_its_new(note):
    from tilelens.ledger import _HONBA_SAID

    found = _HONBA_SAID.search(note)
    assert found and int(found.group(1) or found.group(2)) in (1, 2)
    assert _HONBA_SAID.sub("", note).strip(" ;、") in ("平和", "Pinfu")
