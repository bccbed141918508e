"""More of the command line in Japanese (``TILELENS_LANG=ja``): `tilelens synth`'s lines and errors, `tilelens
check`'s summary and table lines as its report says them, a Donjara chombo's
penalty with its unit; English stays byte for byte what it was."""
from __future__ import annotations

import re

from scorer import score
from tilelens import cli
from tilelens.event import cli as event_cli

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------- tilelens synth

def test_synth_says_its_photo_and_errors_in_japanese_and_english_as_before(tmp_path, capsys, cli_env):
    photo = tmp_path / "new" / "hand.jpg"
    argv = ["synth", "--game", "tokyo-mahjong", "--hand", "1m", "5z", "--out", str(photo), "--imgsz", "128"]
    cli_env(TILELENS_LANG="en")
    code, out, _ = run(capsys, *argv)
    assert code == 0 and out.splitlines()[0] == (
        f"wrote {photo}: 2 tiles (rack, seed 0); made the folder {photo.parent}")
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, *argv, "--force")
    first = out.splitlines()[0]
    assert code == 0 and JAPANESE.search(first) and "wrote" not in first and "tiles" not in first
    assert str(photo) in first and "2" in first
    for bad, english in ((["--out", str(tmp_path / "x.gif"), "--hand", "1m"], "must end in .jpg"),
                         (["--out", str(tmp_path / "d")], "give either --count N"),
                         (["--out", str(tmp_path / "d"), "--count", "2", "--melds", "pon:555z"], "--melds goes with")):
        cli_env(TILELENS_LANG="en")
        code, _, err = run(capsys, "synth", "--game", "tokyo-mahjong", *bad)
        assert code == 2 and english in err
        cli_env(TILELENS_LANG="ja")
        code, _, err = run(capsys, "synth", "--game", "tokyo-mahjong", *bad)
        assert code == 2 and JAPANESE.search(err) and english not in err and err.count("\n") == 1


# ---------------------------------------------------------------- tilelens check

def test_check_summary_counts_tables_as_the_report_does():
    said = event_cli._said("summary", "ja", ok=1, total=3, unread=event_cli._said("unread", "ja", what="圧縮ファイル 1件"),
                           read=0, kept=event_cli._said("unchanged", "ja", n=3), report="r/index.html")
    assert said.startswith("3卓中1卓が問題なし、圧縮ファイル 1件はチェックしていません")  # as the report's heading
    assert event_cli._said("done", "ja", n=1, total=3).startswith("3卓中1卓をチェック")
    assert event_cli._said("summary", "en", ok=1, total=3, unread="", read=0,
                           kept=event_cli._said("unchanged", "en", n=3), report="r") == (
        "1 of 3 tables in order (0 read, 3 unchanged); report: r")


def test_a_table_lines_findings_are_joined_in_japanese():
    findings = [{"kind": "count", "severity": "fault", "seats": ["1"], "message": "seat 1: too many",
                 "message_ja": "1番席: 多すぎます", "tiles": []},
                {"kind": "count", "severity": "fault", "seats": ["2"], "message": "seat 2: too few",
                 "message_ja": "2番席: 少なすぎます", "tiles": []}]
    table = {"table": "t1", "verdict": "fault", "findings": findings}
    assert event_cli._table_lines(table, "en") == ["FAULT  t1: seat 1: too many; seat 2: too few"]
    assert event_cli._table_lines(table, "ja") == ["問題あり t1: 1番席: 多すぎます。2番席: 少なすぎます"]


# ---------------------------------------------------------------- scorer

def test_a_chombo_penalty_says_its_unit_in_japanese():
    result = score("nogizaka", ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "ashu"], riichi=True,
                   declared=True)
    assert result.reason_ja.endswith("ペナルティ 300点") and result.reason.endswith("; penalty 300 points")
