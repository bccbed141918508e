"""Walkthrough W3's findings in files outside G1's list (tests/tilelens/test_cli_outside_files_57.py, to go with
/tmp/G1/proposed/outside_files.diff): an empty path refused by eval, enroll and the train kinds of their own modules;
`label check`/`stats` by the kinds' Japanese names; a COCO file that is no JSON said with its line and column in
words."""
from __future__ import annotations

import pytest

from label_helpers import make_dataset, run
from vision.cli_args import EMPTY_NAME

JA = {"folder": "フォルダ名が空です。フォルダを指定してください", "file": "ファイル名が空です。ファイルを指定してください",
      "path": "名前が空です。ファイルかフォルダを指定してください"}

CASES = [
    (["eval", "--data", "", "--game", "nogizaka"], "path", "--data"),
    (["eval", "--data", "d", "--game", "nogizaka", "--detector", ""], "file", "--detector"),
    (["eval", "--data", "d", "--game", "nogizaka", "--errors-dir", ""], "folder", "--errors-dir"),
    (["enroll", "--name", "x", "--data", ""], "path", "--data"),
    (["enroll", "--name", "x", "--data", "d", "--models", ""], "folder", "--models"),
    (["enroll", "--name", "x", "--data", "d", "--work", ""], "folder", "--work"),
    (["enroll", "--name", "x", "--data", "d", "--val", ""], "path", "--val"),
    (["train", "boxcheck", "--data", ""], "path", "--data"),
    (["train", "boxcheck", "--out", ""], "folder", "--out"),
    (["train", "orient", "--data", ""], "path", "--data"),
    (["train", "orient", "--onnx", ""], "file", "--onnx"),
    (["train", "quantize", "--data", "d", "--out", ""], "file", "--out"),
    (["train", "all", "--out", ""], "folder", "--out"),
]


@pytest.mark.parametrize("argv, what, arg", CASES, ids=lambda v: " ".join(v) if isinstance(v, list) else None)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_empty_path_is_refused_by_the_other_commands(tmp_path, monkeypatch, cli_env, capsys, argv, what, arg,
                                                         lang):
    cli_env(TILELENS_LANG=lang)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    said = EMPTY_NAME[what] if lang == "en" else JA[what]
    assert code == 2 and f"{arg}: {said}" in err.strip().splitlines()[-1], err
    assert list(tmp_path.iterdir()) == []


def test_label_stats_names_the_kinds_in_japanese_with_their_ids(tmp_path, cli_env, capsys):
    d = tmp_path / "ds"
    make_dataset(d)  # tokyo-mahjong: 1m 2m 5p 7z
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, "label", "stats", d)
    assert code == 0 and "  一萬 (1m)" in out and "  中 (7z)" in out, out
    cli_env(TILELENS_LANG="en")
    _, out, _ = run(capsys, "label", "stats", d)
    assert "  1m " in out and "一萬" not in out


@pytest.mark.parametrize("lang, said", [("en", "not valid JSON (line 2, column 1: Expecting property name"),
                                        ("ja", "JSON として読めません (2行目 1文字目: 書き方が正しくありません)")])
def test_a_coco_file_that_is_no_json_says_where_in_words(tmp_path, cli_env, capsys, lang, said):
    (tmp_path / "bad.json").write_text("{\n", encoding="utf-8")
    cli_env(TILELENS_LANG=lang)
    code, _, err = run(capsys, "label", "import", tmp_path / "bad.json", "--from", "coco", tmp_path / "new")
    assert code == 2 and said in err and "(char " not in err, err
