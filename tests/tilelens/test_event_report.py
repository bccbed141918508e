"""The HTML reports say their fixed texts in Japanese too: organisers in Japan read them."""
from __future__ import annotations

import re

from tilelens.event.model import Finding, FindingKind, SeatReading, TableReport
from tilelens.event.report import event_html, table_html


def shown(html: str) -> str:
    """The page's text without its tags."""
    return re.sub(r"<[^>]+>", "", html)


def test_table_page_says_headings_verdict_and_severities_in_both_languages():
    findings = (Finding(FindingKind.MISSING_SEAT, "no photo for seat 3", ("3",), message_ja="3番席の写真がありません"),
                Finding(FindingKind.UNSURE_TILE, "seat 2, tile 1: please confirm", ("2",)),
                Finding(FindingKind.TENPAI_AS_DEALT, "seat 1 is one tile from winning as dealt", ("1",)))
    seats = (SeatReading("1", "seat1.jpg", ()), SeatReading("wall", "wall.jpg", ()))
    text = shown(table_html(TableReport("t7", "nogizaka", findings, seats, dealer="1", seconds=2.0), {}))
    for said in ("Table t7 / 卓 t7", "not in order / 問題あり", "ゲーム: 乃木坂ドンジャラ。チェックにかかった時間: 2.0秒。",
                 "Findings / 指摘", "severity / 重要度", "finding / 指摘", "tiles / 牌", "errorエラー", "review要確認",
                 "notice参考", "Photos / 写真", "1番席 (親): seat1.jpg から0枚読みました", "残りの山: wall.jpg から0枚読みました"):
        assert said in text
    quiet = shown(table_html(TableReport("t8", "nogizaka", (), seats, dealer="1"), {}))
    assert "in order / 問題なし" in quiet and "指摘はありません。" in quiet


def test_event_page_says_its_summary_in_both_languages(tmp_path):
    def line(name, verdict, findings=()):
        return {"table": name, "verdict": verdict, "counts": {}, "findings": list(findings)}

    missing = {"kind": "missing-seat", "severity": "error", "message": "no photo for seat 3", "tiles": [],
               "message_ja": "3番席の写真がありません"}
    event = {"game": "nogizaka", "model_version": "v1",
             "tables": [line("a", "ok"), line("b", "fault", [missing]), line("c", "review")]}
    text = shown(event_html(tmp_path, event))
    for said in ("1 of 3 tables in order配牌チェック: 3卓中1卓が問題なし", "ゲーム: 乃木坂ドンジャラ。モデル: v1。", "table / 卓",
                 "verdict / 判定", "errors / エラー", "to confirm / 要確認", "notices / 参考", "in order / 問題なし",
                 "not in order / 問題あり", "tiles to confirm / 要確認の牌があります", "errorエラー",
                 "No photo for seat 33番席の写真がありません"):
        assert said in text


def test_a_table_named_with_a_hash_or_a_space_is_linked_to_its_own_page(tmp_path):
    """"table #3/index.html" unencoded is the page "table " at the anchor "3/index.html"."""
    event = {"game": "nogizaka", "model_version": "v1",
             "tables": [{"table": "table #3", "verdict": "ok", "counts": {}, "findings": []},
                        {"table": "卓 2&4", "verdict": "ok", "counts": {}, "findings": []}]}
    links = re.findall(r'href="([^"]+)"', event_html(tmp_path, event))
    assert "table%20%233/index.html" in links and "%E5%8D%93%202%264/index.html" in links


def test_an_unfinished_check_says_so_in_both_languages(tmp_path):
    event = {"game": "nogizaka", "model_version": "v1", "finished": False, "unchecked": ["c", "d"],
             "stopped": {"kind": "interrupted", "reason": "interrupted", "reason_ja": "中断されました"},
             "tables": [{"table": "a", "verdict": "ok", "counts": {}, "findings": []},
                        {"table": "b", "verdict": "ok", "counts": {}, "findings": []}]}
    html = event_html(tmp_path, event)
    text = shown(html)
    for said in ("The check did not finish (interrupted): 2 of 4 tables checked",
                 "チェックは終わっていません (中断されました)", "4卓中2卓をチェック",
                 "not checked / 未チェック"):
        assert said in text, said
    assert 'data-unchecked="c"' in html and 'data-unchecked="d"' in html
    assert "2 of 2 tables in order" not in text
    # a report written before event.json said whether the check finished: a finished one, as it was
    assert "did not finish" not in shown(event_html(tmp_path, {k: v for k, v in event.items()
                                                               if k not in ("finished", "unchecked", "stopped")}))
