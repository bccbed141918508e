"""A file or folder named empty on the command line ("" or blanks) is refused in one line naming what to give, in
both languages: ``Path("")`` is the current folder, so `label init ""` made a dataset of it, `check ""` took each of
its folders for a table and wrote ``_report/`` there, and `read ""` said ".: フォルダです" (walkthrough W3, 1).
Nothing is written in the current folder."""
from __future__ import annotations

import argparse

import pytest

from scorer.cli import argparse_ja
from tilelens.cli import main
from vision.cli_args import EMPTY_NAME, named_path

JA = {"dataset": "フォルダ名が空です。データセットのフォルダを指定してください",
      "event": "フォルダ名が空です。イベントのフォルダを指定してください",
      "folder": "フォルダ名が空です。フォルダを指定してください",
      "file": "ファイル名が空です。ファイルを指定してください",
      "photo": "ファイル名が空です。写真のファイルを指定してください"}

# (argv with "" where the path goes, what it names, the argument argparse names)
CASES = [
    (["label", "init", "", "--game", "nogizaka"], "dataset", "dir"),
    (["label", "check", ""], "dataset", "dir"),
    (["label", "stats", "  "], "dataset", "dir"),
    (["label", "accept", "", "--all"], "dataset", "dir"),
    (["label", "kinds", ""], "dataset", "dir"),
    (["label", "audit", "", "--game", "nogizaka"], "dataset", "dir"),
    (["label", "audit", "ds", "--game", "nogizaka", "--pictures", ""], "folder", "--pictures"),
    (["label", "audit", "ds", "--cross", "2", "--work", ""], "folder", "--work"),
    (["label", "teach", "", "--name", "x"], "dataset", "dir"),
    (["label", "export", "", "--to", "coco", "out.json"], "dataset", "dir"),
    (["label", "export", "ds", "--to", "coco", ""], "file", "out"),
    (["label", "import", "", "--from", "coco", "ds"], "path", "file"),
    (["label", "import", "in.json", "--from", "coco", ""], "dataset", "dir"),
    (["label", "import", "in.json", "--from", "coco", "ds", "--images", ""], "folder", "--images"),
    (["check", "", "--game", "nogizaka"], "event", "EVENT_DIR"),
    (["check", "ev", "--game", "nogizaka", "--out", ""], "folder", "--out"),
    (["read", "", "--game", "nogizaka"], "photo", "IMAGE"),
    (["read", "h1.jpg", "", "--game", "nogizaka"], "photo", "IMAGE"),
    (["read", "h1.jpg", "--game", "nogizaka", "--models", ""], "folder", "--models"),
    (["read", "h1.jpg", "--game", "nogizaka", "--detector", ""], "file", "--detector"),
    (["synth", "--game", "nogizaka", "--count", "1", "--out", ""], "path", "--out"),
    (["contact-sheet", "--out", ""], "file", "--out"),
    (["train", "classifier", "--data", ""], "path", "--data"),
    (["train", "classifier", "--game", "nogizaka", "--out", ""], "folder", "--out"),
    (["train", "classifier", "--game", "nogizaka", "--models", ""], "folder", "--models"),
    (["train", "classifier", "--game", "nogizaka", "--cache", ""], "folder", "--cache"),
    (["train", "classifier", "--game", "nogizaka", "--init", ""], "file", "--init"),
    (["train", "classifier", "--game", "nogizaka", "--add-data", ""], "file", "--add-data"),
    (["train", "detector", "--data", ""], "file", "--data"),
    (["train", "detector", "--init", ""], "file", "--init"),
    (["train", "detector", "--out", ""], "folder", "--out"),
    (["train", "detector", "--onnx", ""], "file", "--onnx"),
]


def run(capsys, argv) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as exc:  # the commands that say an argument error after their usage lines
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv, what, arg", CASES, ids=lambda v: " ".join(v) if isinstance(v, list) else None)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_empty_path_is_refused_naming_what_to_give(tmp_path, monkeypatch, cli_env, capsys, argv, what, arg, lang):
    cli_env(TILELENS_LANG=lang)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, argv)
    assert code == 2 and out == "", (out, err)
    last = err.strip().splitlines()[-1]
    said = JA[what] if lang == "ja" and what in JA else EMPTY_NAME[what] if lang == "en" else None
    if said is None:  # "path": a file or a folder
        said = "名前が空です。ファイルかフォルダを指定してください"
    assert f"{arg}: {said}" in last, err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == [], "nothing is written in the current folder"


def test_every_empty_path_line_has_its_japanese():
    for what, english in EMPTY_NAME.items():
        ja = argparse_ja(f"argument --out: {english}")
        assert ja.startswith("--out: ") and ja.endswith("を指定してください") and not ja.isascii(), (what, ja)


def test_a_path_with_something_in_it_is_kept_as_given():
    assert str(named_path("dataset")(" ds ")) == " ds "  # a name with blanks about it is still a name
    assert named_path("photo", str)("h1.jpg") == "h1.jpg"
    with pytest.raises(argparse.ArgumentTypeError, match="the folder name is empty"):
        named_path("dataset")("")
