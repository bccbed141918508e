"""Session 54 (j4): the command line's Japanese after a native re-read (r4). A link out of the event folder is refused
for what it would let in (4); a kind the reading model never learnt is said to be misread, and why (6); an old house
table may lack rules the box has since (20); a damaged HEIC, a RAW file and a video are each said in whole sentences,
「スマホ」, with no 「送ってください」 on a command line (21); the event page's crops are said in its language (29);
`label check` in Japanese names each problem as the app does, not by its code (30); and the smaller words."""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from club_helpers import edited_home, older_table
from tilelens import cli

# 4. a link leading out of the event folder -------------------------------------------------------------------------


def test_a_link_out_of_the_event_folder_is_refused_for_what_it_would_let_in():
    from tilelens.event.layout import _leads_out

    en, ja = _leads_out("seat1.jpg", "/home/me/secret.jpg")
    assert "このパソコンのどんなファイルでもレポートに入れられてしまうため" in ja and "コンピューター" not in ja, ja
    assert ja.endswith("。写真そのものを卓のフォルダにコピーしてください"), ja
    assert "copy the photo itself" in en


# 6. a kind the model never learnt ----------------------------------------------------------------------------------

def test_a_kind_never_learnt_is_said_to_be_misread_and_why(monkeypatch):
    from vision import read_cli

    monkeypatch.setattr(read_cli, "table_said", lambda game, lang="en": (
        "アプリで編集した「乃木坂ドンジャラ」のハウスルール" if lang == "ja" else "nogizaka's house table edited in the app"))
    reading = SimpleNamespace(unlearnt_kinds=("sakura",), tiles=(object(),), game="nogizaka", tilesets_naming_all=())
    ja = read_cli.unlearnt_said(reading, "ja")
    assert ja.startswith("  覚えていない牌: "), ja
    assert ("。この写真を読んだモデルは、アプリで編集した「乃木坂ドンジャラ」のハウスルールにあるこの牌を覚えていないため、"
            "ほかの牌と読み違えます。") in ja, ja
    assert "`tilelens enroll --game nogizaka --name 名前 --data データセット/data.yaml` で覚えさせてください" in ja, ja
    assert "never learnt" in read_cli.unlearnt_said(reading, "en")


# 20. an old house table -------------------------------------------------------------------------------------------

@pytest.fixture
def old_edit(tmp_path, monkeypatch):
    """A nogizaka edit saved by a tilelens older than the record of the box it was made from."""
    return edited_home(tmp_path, monkeypatch, older_table(), added=False) / "games" / "nogizaka"


@pytest.mark.parametrize("lang, said", [
    ("ja", "古い tilelens で保存した表なので、その後に箱の表に加わったルールが入っていないかもしれません。"
           "アプリの「ルールと役」のページで違いを確かめてください"),
    ("en", "rules added to the box's table since may be missing")])
def test_an_old_house_table_may_lack_the_boxs_later_rules(old_edit, capsys, monkeypatch, lang, said):
    monkeypatch.setenv("TILELENS_LANG", lang)
    hand = ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3
    assert cli.main(["score", "--game", "nogizaka", *hand, "--riichi"]) == 0
    err = capsys.readouterr().err
    assert said in err and len(err.splitlines()) == 1, err


# 21. a damaged HEIC, a RAW file, a video -------------------------------------------------------------------------

@pytest.mark.parametrize("made, said", [
    ("_heic_damaged", "壊れた HEIC の写真です (読み込み中に処理が止まりました)。撮り直すか選び直してください (コピー"
                      "し直してもかまいません)。JPEG か PNG を使うこともできます (iPhone では 設定 > カメラ > "
                      "フォーマット > 互換性優先)。"),
    ("_raw_said", "RAW (DNG) の写真です。tilelens が読めるのは中の小さなプレビューだけなので、カメラの JPEG か HEIC を"
                  "使ってください。"),
    ("_video_said", "動画のファイルで、写真ではありません。写真のファイルを使ってください (Live Photos の静止画は、"
                    "動画とは別の HEIC か JPEG のファイルです)。")])
def test_a_photo_that_cannot_be_read_is_said_in_sentences_with_no_send(made, said):
    from vision import image_io

    error = getattr(image_io, made)("IMG_0002.X", "IMG_0002.X")
    assert error.message_ja == f"IMG_0002.X: {said}", error.message_ja
    assert "送って" not in error.message_ja and "スマートフォン" not in error.message_ja
    assert " send " not in str(error) and "use" in str(error), str(error)


def test_a_photo_too_large_says_sumaho():
    from vision.image_io import too_large

    assert "スマホで撮ったままの写真は読めます" in too_large(500_000_000, "big.jpg").message_ja


# 29. the event page's crops in its language ------------------------------------------------------------------------

@pytest.mark.parametrize("lang, alt", [("ja", 'alt="みなみと読んだ牌" lang="ja"'),
                                       ("en", 'alt="tile read as Minami" lang="en"')])
def test_the_event_pages_crops_are_said_in_its_language(tmp_path, lang, alt):
    from tilelens.event.report import event_html

    tile = {"seat": "3", "index": 0, "kind": "minami", "crop": "crops/seat3-t01.png"}
    finding = {"kind": "unsure-tile", "severity": "review", "seats": ["3"], "tiles": [tile],
               "message": "seat 3, tile 1: please confirm", "message_ja": "3番席の1枚目: 確認してください"}
    event = {"tables": [{"table": "t1", "verdict": "review", "counts": {"review": 1}, "findings": [finding]}],
             "skipped": [], "finished": True, "model_version": "m1", "game": "nogizaka", "in_order": False}
    page = event_html(tmp_path, event, lang)
    assert alt in page, re.findall(r"<img[^>]*>", page)


# 30. `label check` in Japanese: each problem named as the app names it --------------------------------------------

def test_label_check_names_each_problem_in_japanese_not_by_its_code():
    from tilelens.labelling import Issue, IssueKind
    from tilelens.labelling.checks import CheckReport, DatasetStats, format_report, issue_text

    issue = Issue(IssueKind.MOVED_FOLDER, "data.yaml", "moved", message_ja="移動しました")
    assert issue_text(issue, "ja") == "警告【フォルダが移動されています】data.yaml: 移動しました"
    assert issue_text(issue) == "warning [moved-folder] data.yaml: moved"  # English as it was
    stats = DatasetStats({"train": 1}, {"minami": 0}, 1, 0)
    report = CheckReport(stats, (issue, Issue(IssueKind.UNKNOWN_KIND, "labels/train/a.txt", "odd", 1)))
    said = format_report(report, lang="ja")
    assert "(フォルダが移動されています 1件、この表にない牌の種類 1件)" in said, said
    assert "[" not in said and "moved-folder" not in said, said


def test_an_unknown_format_is_not_supported_rather_than_unknown(tmp_path):
    from vision.image_io import ImageError, load_image

    path = tmp_path / "notes.txt"
    path.write_text("no photo", encoding="utf-8")
    with pytest.raises(ImageError) as info:
        load_image(path)
    assert info.value.message_ja.endswith("写真ではありません。形式が不明か、対応していない形式です。"), info.value


# the smaller words -------------------------------------------------------------------------------------------------

def test_the_smaller_words():
    from tilelens.event.cli import WORDS as EVENT_WORDS
    from tilelens.labelling.audit import AUDIT_WORDS
    from vision.data_yaml import NO_PATH_LINE_JA
    from vision.read_cli import LEFT_OUT_HOUSE, WORDS as READ_WORDS

    assert EVENT_WORDS["ja"]["distrusted"].startswith("次の卓はもう一度チェックしました。保存されていたレポートが、"
                                                      "このパソコンで作ったものではないか")  # 27, 11
    assert "使用中の表" in READ_WORDS["ja"]["kinds_left_house"] and "使用中の表" in LEFT_OUT_HOUSE["ja"]  # 10
    assert "{reader} が覚えていない種類" in AUDIT_WORDS["ja"]["not_read"]  # 9
    assert NO_PATH_LINE_JA.endswith("(フォルダを移動しても、学習のときも同じです)")  # 23
