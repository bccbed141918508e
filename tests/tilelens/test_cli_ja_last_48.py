"""The last of the command line in Japanese (``TILELENS_LANG=ja`` or a Japanese locale): `tilelens check`'s
table lines, summary, progress bars and stopped messages, `tilelens eval`'s per-photo errors and notes, the
box check's, quantization's and `train all`'s lines and errors; English stays byte for byte what it was, and
the reports and --json are the same in both languages."""
from __future__ import annotations

import functools
import json
import shutil
from pathlib import Path

import pytest

from scorer.result import TilelensInputError, error_text
from test_event_support import CLEAN, ExactReader, japanese, make_table
from tilelens import cli
from tilelens.event import cli as event_cli
from tilelens.event.runner import check_event


def _ja(exc: TilelensInputError) -> str:
    assert exc.message_ja, f"no Japanese for {exc}"
    return error_text(exc, "ja")


# ---------------------------------------------------------------- tilelens check

def _event(tmp_path: Path, monkeypatch) -> Path:
    """An event of a table in order, one at fault, one with tiles to confirm; checked once with two more tables
    (t8, t9) since removed, with a folder of an earlier report and a zip file beside: every summary line."""
    reader = ExactReader()
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    ev = tmp_path / "ev"
    make_table(reader, ev, "t1", CLEAN)
    make_table(reader, ev, "t2", dict(CLEAN, **{"4": CLEAN["4"] + ["rarin"]}))
    make_table(reader, ev, "t3", CLEAN, conf={"2": {i: 0.4 for i in range(8)}, "3": {0: 0.5}})
    make_table(reader, ev, "t8", CLEAN)
    make_table(reader, ev, "t9", CLEAN)
    return ev


def _then_changed(ev: Path) -> None:
    shutil.rmtree(ev / "t8")
    shutil.rmtree(ev / "t9")
    (ev / "day1").mkdir()
    (ev / "day1" / "event.json").write_text("{}")
    (ev / "t7.zip").write_bytes(b"PK\x03\x04")


LINES_EN = ["ok     t1", "FAULT  t2: seat 4 (non-dealer) has 9 tiles, expected 8 (1 too many): count the tiles again at the table",
            # seat 2's tiles all read at 0.40 beside the others' 0.98: a photo to retake (session 49)
            "REVIEW t3: seat 2: this photo reads poorly next to the table's other seats (confidence 0.40, the others "
            "0.98): this photo is only 260×60 pixels, too small to read tiles reliably: send the camera's own photo, not a copy shrunk by a chat app or a screenshot; seat 2: 8 tiles to confirm (tiles 1, 2, 3, 4, 5, 6, 7, "
            "8); seat 3, tile 1: read as Misa-senpai (misa-senpai) with confidence 0.50: please confirm"]


def test_check_in_english_prints_what_it_printed(tmp_path, monkeypatch, capsys):
    ev = _event(tmp_path, monkeypatch)
    check = ["check", str(ev), "--game", "nogizaka", "--jobs", "1"]
    assert cli.main([*check, "--quiet"]) == 1
    out, err = capsys.readouterr()
    assert out.splitlines() == [*LINES_EN, "ok     t8", "ok     t9", "not in order: t2", "tiles to confirm: t3"]
    assert err == f"3 of 5 tables in order (5 read, 0 unchanged); report: {ev / '_report' / 'index.html'}\n"
    _then_changed(ev)
    assert cli.main(check) == 1
    out, err = capsys.readouterr()
    assert out.splitlines() == [
        *LINES_EN, "skipped day1: holds only the report of an earlier check (event.json), no seat photo or table.toml",
        "skipped t7.zip: a compressed file, not a folder: unzip it into a folder of its own to check it",
        "removed the reports of 2 tables no longer in the event (renamed or removed since the check before): t8, t9",
        "not in order: t2", "tiles to confirm: t3",
        f"1 of 3 tables in order, 1 compressed file not checked (0 read, 3 unchanged); report: "
        f"{ev / '_report' / 'index.html'}"]
    assert "reading table folders" not in err and "checking tables" not in err  # no bar where stderr is no terminal


def test_check_in_japanese_says_its_lines_summary_and_progress_in_japanese(tmp_path, monkeypatch, capsys, stderr_a_terminal, cli_env):
    ev = _event(tmp_path, monkeypatch)
    cli_env(TILELENS_LANG="ja")
    check = ["check", str(ev), "--game", "nogizaka", "--jobs", "1"]
    assert cli.main([*check, "--quiet"]) == 1
    capsys.readouterr()
    _then_changed(ev)
    assert cli.main(check) == 1
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[:3] == ["問題なし t1", "問題あり t2: 4番席 (子) の牌は9枚です。8枚のはずです。1枚多すぎます。卓で牌を数え直してください",
                         "要確認   t3: 2番席: この写真はほかの席よりうまく読めません (信頼度 0.40、ほかの席は 0.98)。"
                         "写真が小さすぎて (260×60ピクセル)、牌を確かに読めません。チャットやスクリーンショットで縮んだ写真ではなく、カメラで撮った元の写真を使ってください。"
                         "2番席: 確かめる牌が8枚あります (1、2、3、4、5、6、7、8枚目)。3番席の1枚目: "
                         "みさ先輩と読みました (信頼度 0.50)。確かめてください"]
    assert lines[3].startswith("day1 を飛ばしました: ") and japanese(lines[3][len("day1"):].replace("event.json", ""))
    assert lines[4].startswith("t7.zip を飛ばしました: 圧縮ファイル")
    assert lines[5].startswith("イベントにもうない 2卓のレポートを削除しました") and lines[5].endswith(": t8、t9")
    assert lines[6:8] == ["問題あり: t2", "要確認: t3"]
    assert lines[8] == (f"3卓中1卓が問題なし、圧縮ファイル 1件はチェックしていません (読んだ卓 0、前回から変わらない卓 3)。"
                        f"レポート: {ev / '_report' / 'index.html'}")
    for english in ("ok ", "FAULT", "REVIEW", "skipped", "removed", "not in order", "tiles in order", "confirm:"):
        assert english not in out
    assert "卓をチェック中" in err and "卓のフォルダを読み込み中" in err
    assert "checking tables" not in err and "reading table folders" not in err


def test_a_notice_is_said_in_each_language():
    table = {"table": "t5", "verdict": "ok", "findings": [
        {"kind": "tenpai-as-dealt", "severity": "notice", "message": "seat 2 is one tile from a win as dealt",
         "message_ja": "2番席は配牌でテンパイです", "seats": ["2"], "tiles": []}]}
    assert event_cli._table_lines(table) == ["ok     t5", "       note: seat 2 is one tile from a win as dealt"]
    assert event_cli._table_lines(table, "ja") == ["問題なし t5", "         参考: 2番席は配牌でテンパイです"]


def _strip_seconds(value):
    if isinstance(value, dict):
        return {k: _strip_seconds(v) for k, v in value.items() if k not in ("seconds", "seal", "page_sha256", "page_lang")}
    if isinstance(value, list):
        return [_strip_seconds(v) for v in value]
    return value


def test_check_writes_the_same_reports_in_either_language(tmp_path, monkeypatch, capsys, cli_env):
    ev = _event(tmp_path, monkeypatch)
    written = {}
    for lang in ("en", "ja"):
        cli_env(TILELENS_LANG=lang)
        shutil.rmtree(ev / "_report", ignore_errors=True)
        assert cli.main(["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 1
        written[lang] = {p.relative_to(ev).as_posix(): p.read_text(encoding="utf-8")
                         for p in sorted((ev / "_report").rglob("*.json"))}
    capsys.readouterr()
    assert written["en"].keys() == written["ja"].keys() and "_report/event.json" in written["en"]
    for name, text in written["en"].items():  # byte for byte, but for how long each table took
        assert _strip_seconds(json.loads(text)) == _strip_seconds(json.loads(written["ja"][name])), name
        assert text.replace(" ", "").count("seconds") == written["ja"][name].replace(" ", "").count("seconds")


@pytest.mark.parametrize("stopped, english, ja", [
    ((True, [], 0), "tilelens check: interrupted before the event folder was read: the same command checks it",
     "tilelens check: 中断しました。イベントフォルダを読む前でした: 同じコマンドでチェックします"),
    ((True, [], 4), "tilelens check: interrupted before any of 4 tables was checked: the same command checks them",
     "tilelens check: 中断しました。4卓のどれもチェックする前でした: 同じコマンドでチェックします"),
    ((False, ["t1"], 3), "tilelens check: a worker process ended abruptly (out of memory?) with 1 of 3 tables "
                         "checked: their reports are kept, and the same command checks the rest (--jobs 1 needs less "
                         "memory)",
     "tilelens check: ワーカープロセスが突然終了しました (メモリ不足?)。3卓中1卓をチェック済み: そのレポートは残してあり、"
     "同じコマンドで残りをチェックします (--jobs 1 ならメモリが少なくて済みます)"),
])
def test_a_stopped_check_is_said_in_each_language(tmp_path, monkeypatch, capsys, cli_env, stopped, english, ja):
    from tilelens.event import EventInterrupted, WorkerDied

    interrupted, tables, total = stopped
    line = {"table": "t1", "verdict": "ok", "findings": []}

    def stop(*args, **kwargs):
        raise (EventInterrupted if interrupted else WorkerDied)([line] * len(tables), total)

    monkeypatch.setattr(event_cli, "check_event", stop)
    (tmp_path / "ev").mkdir()
    for lang, said in (("en", english), ("ja", ja)):
        cli_env(TILELENS_LANG=lang)
        assert cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--quiet"]) == (130 if interrupted else 3)
        out, err = capsys.readouterr()
        assert err.strip().splitlines() == [said]
        assert out.splitlines() == [{"en": "ok     t1", "ja": "問題なし t1"}[lang]] * len(tables)


def test_check_s_own_refusals_are_said_in_japanese(tmp_path, capsys, cli_env):
    (tmp_path / "ev").mkdir()
    (tmp_path / "file").write_text("x")
    cases = [([str(tmp_path / "nowhere")], f"event folder {str(tmp_path / 'nowhere')!r} does not exist or is not a folder",
              f"イベントフォルダ「{tmp_path / 'nowhere'}」がないか、フォルダではありません"),
             ([str(tmp_path / "ev"), "--out", str(tmp_path / "file" / "r")],
              f"--out {tmp_path / 'file' / 'r'}: {tmp_path / 'file'} is a file, not a folder: the report needs a folder",
              f"--out {tmp_path / 'file' / 'r'}: {tmp_path / 'file'} はファイルです: レポートにはフォルダが必要です")]
    for args, english, ja in cases:
        for lang, said in (("en", english), ("ja", ja)):
            cli_env(TILELENS_LANG=lang)
            assert cli.main(["check", *args, "--game", "nogizaka"]) == 2
            assert capsys.readouterr().err == f"tilelens check: {said}\n"


# ---------------------------------------------------------------- tilelens eval: each photo's errors, notes, errors

def _read_errors():
    from vision.eval_errors import EXTRA, LOOSE, MISNAMED, MISSED, ReadError

    return [ReadError(MISNAMED, (0, 0, 30, 40), "5p", "4p", confidence=0.91),
            ReadError(MISNAMED, (0, 0, 30, 40), "tile", "4p"),
            ReadError(LOOSE, (0, 0, 30, 40), "5p", "5p", iou=0.31, confidence=0.5),
            ReadError(MISSED, (0, 0, 30, 40), "5p"),
            ReadError(EXTRA, (0, 0, 30, 40), read="2m", detection=0.44, confidence=0.7)]


def test_a_photo_s_errors_are_said_in_japanese_and_str_stays_english():
    errors = _read_errors()
    english = ["5p read as 4p (30x40 px, confidence 0.91)", "a hidden face read as 4p (30x40 px)",
               "5p boxed loosely (IoU 0.31, read as 5p) (30x40 px)", "missed 5p (30x40 px)",
               "extra box read as 2m (30x40 px, detection 0.44)"]
    assert [str(e) for e in errors] == english == [e.said("en") for e in errors]  # --json's, as it was
    assert [e.said("ja") for e in errors] == [
        "5p を 4p と読みました (30x40 px、信頼度 0.91)", "隠れた面を 4p と読みました (30x40 px)",
        "5p の枠が緩すぎます (IoU 0.31、5p と読みました) (30x40 px)", "5p を見落としました (30x40 px)",
        "牌のない枠を 2m と読みました (30x40 px、検出 0.44)"]


def test_the_note_of_a_set_of_no_tile_kinds_is_said_in_the_command_line_s_language(tmp_path, cli_env):
    from vision.eval_data import kindless_note

    (tmp_path / "y").mkdir()
    (tmp_path / "y" / "data.yaml").write_text("names: [tile, back]\ntrain: images\n")
    english = ("identity and hand_exact not measured: the labels name no tile kinds (classes: tile, back); a "
               "data.yaml's names must be the tile ids, as `tilelens games` lists them")
    assert kindless_note(str(tmp_path / "y")) == english  # the English command line's, as it was
    assert kindless_note(str(tmp_path / "nowhere")) == (
        f"identity and hand_exact not measured: the labels name no tile kinds; {tmp_path / 'nowhere'} has no "
        f"data.yaml to name the labels' class numbers: add one whose names are the tile ids, as `tilelens games` "
        f"lists them")
    cli_env(TILELENS_LANG="ja")
    said = kindless_note(str(tmp_path / "y"))
    assert said.startswith("identity と hand_exact は測っていません: ラベルが牌の種類を示していません (クラス: tile, back)")
    assert "data.yaml の names は牌の id" in said
    (tmp_path / "y" / "scenes.jsonl").write_text("")
    assert kindless_note(str(tmp_path / "y")).endswith(f"この組の場面 (scenes) には牌の種類があります: --data {tmp_path / 'y'}")
    assert kindless_note(str(tmp_path / "y"), "en").endswith(f"the set's scenes name each tile: --data {tmp_path / 'y'}")


def test_an_evaluation_set_s_errors_have_japanese(tmp_path, cli_env, capsys):
    from vision.eval_data import EvalDataError, check_label_lines, check_split, load_eval_set

    def caught(f) -> EvalDataError:
        with pytest.raises(EvalDataError) as exc:
            f()
        return exc.value

    (tmp_path / "s").mkdir()
    (tmp_path / "s" / "scenes.jsonl").write_text('{"tiles": [], "image": "a.png", "split": "train"}\n')
    cases = [
        (lambda: check_split("hk-heldout", "train"),
         "--split train: hk-heldout is one part of the real photos already (the other: hk-enroll)",
         "--split train: hk-heldout はすでに実写真の一部です (もう一方は hk-enroll)"),
        (lambda: load_eval_set("hk-heldot"),
         "hk-heldot: not hk-heldout, a data.yaml, or a folder with images/ and labels/ (did you mean: hk-heldout?)",
         "hk-heldot: hk-heldout でも data.yaml でも、images/ と labels/ のあるフォルダでもありません (もしかして: hk-heldout)"),
        (lambda: check_label_lines("3 0.5 0.5 0.1 0.1", {0: "1m"}, "a.txt"),
         "a.txt, line 1: class 3 is not one of the data.yaml's names (0-0)",
         "a.txt の 1行目: クラス 3 は data.yaml の names にありません (0-0)"),
        (lambda: check_label_lines("0 1.5 0.5 0.1 0.1", {0: "1m"}, "a.txt"),
         "a.txt, line 1: the box centre (1.5, 0.5) lies outside the photo (0 to 1)",
         "a.txt の 1行目: 枠の中心 (1.5, 0.5) が写真の外にあります (0 から 1 のはずです)"),
        (lambda: load_eval_set(str(tmp_path / "s"), "val"), f"{tmp_path / 's'}: no 'val' split (it has: train)",
         f"{tmp_path / 's'}: 「val」の分割がありません (あるのは: train)"),
    ]
    for f, english, ja in cases:
        exc = caught(f)
        assert (str(exc), _ja(exc)) == (english, ja)
    # through the command line: said in Japanese, one line
    cli_env(TILELENS_LANG="ja")
    assert cli.main(["eval", "--data", "hk-heldout", "--split", "train"]) == 2
    assert capsys.readouterr().err == "tilelens eval: --split train: hk-heldout はすでに実写真の一部です (もう一方は hk-enroll)\n"


def test_a_pictures_folder_that_cannot_be_made_is_said_in_japanese(tmp_path):
    from vision.eval_errors import PicturesError, make_pictures_folder

    (tmp_path / "file").write_text("x")
    with pytest.raises(PicturesError) as caught:
        make_pictures_folder(tmp_path / "file" / "x")
    assert str(caught.value).startswith(f"cannot write pictures to {tmp_path / 'file' / 'x'}: ")
    assert _ja(caught.value).startswith(f"{tmp_path / 'file' / 'x'} に画像を書けません: ")


# ---------------------------------------------------------------- tilelens train boxcheck, quantize, all

def test_harvesting_boxes_speaks_the_command_line_s_language(monkeypatch, cli_env):
    import vision.boxcheck as boxcheck
    from vision.cropset import CropDataError

    descs = []

    def photos(images, names, progress, desc=None):
        descs.append(desc)
        return iter(())

    monkeypatch.setattr(boxcheck, "labelled_photos", photos)
    for lang in ("en", "ja"):
        cli_env(TILELENS_LANG=lang)
        with pytest.raises(CropDataError) as caught:
            boxcheck.harvest([], ["tile"], None)
        assert str(caught.value) == "no labelled photos found to harvest boxes from"
    assert descs == ["harvesting boxes", "枠を集め中"]
    assert _ja(caught.value) == "枠を集めるラベル付きの写真がありません"


def test_train_boxcheck_s_refusals_are_said_in_japanese(tmp_path, cli_env, capsys):
    from vision.boxcheck import BoxCheckError, train_main

    (tmp_path / "d.yaml").write_text("names: [tile]\ntrain: images\n")
    cases = [([], "--data DATA_YAML is required (labelled photos with every tile labelled)",
              "--data DATA_YAML を指定してください (すべての牌にラベルを付けた写真)"),
             (["--data", str(tmp_path / "d.yaml"), "--resume", "--out", str(tmp_path / "run")],
              f"nothing to resume: {tmp_path / 'run' / 'last.pt'} does not exist",
              f"再開する学習がありません: {tmp_path / 'run' / 'last.pt'} がありません")]
    for argv, english, ja in cases:
        with pytest.raises(BoxCheckError) as caught:
            train_main(argv)
        assert (str(caught.value), _ja(caught.value)) == (english, ja)
    cli_env(TILELENS_LANG="ja")
    assert cli.main(["train", "boxcheck"]) == 2
    assert "--data DATA_YAML を指定してください" in capsys.readouterr().err


def test_train_boxcheck_s_lines_in_each_language():
    from vision.boxcheck import _said

    assert _said("crops", "en", n=12, counts={"tile": 5}) == "box check: 12 crops {'tile': 5}"
    assert _said("val", "en", acc=0.95) == "box check: validation accuracy 0.9500"
    assert _said("exported", "en", path=Path("a/b.onnx")) == "box check exported to a/b.onnx"
    assert _said("crops", "ja", n=12, counts={"tile": 5}) == "枠のチェック: 切り抜き 12枚 {'tile': 5}"
    assert _said("val", "ja", acc=0.95) == "枠のチェック: 検証の正解率 0.9500"


def test_quantize_s_refusals_are_said_in_japanese(tmp_path, cli_env, capsys):
    from vision.quantize import QuantizeError, calibration_photos, quantize_detector

    (tmp_path / "a.txt").write_text("x")
    (tmp_path / "empty").mkdir()
    (tmp_path / "f.onnx").write_text("x")
    t = tmp_path
    cases = [(lambda: calibration_photos(t / "a.txt", 3), f"--data {t / 'a.txt'}: give a data.yaml or a folder of photos",
              f"--data {t / 'a.txt'}: data.yaml か写真のフォルダを指定してください"),
             (lambda: calibration_photos(t / "none", 3), f"--data {t / 'none'}: no such file or folder",
              f"--data {t / 'none'}: そのファイルもフォルダもありません"),
             (lambda: calibration_photos(t / "empty", 3), f"--data {t / 'empty'}: no photos to calibrate on",
              f"--data {t / 'empty'}: 較正に使う写真がありません"),
             (lambda: quantize_detector(t / "no.onnx", t / "o.onnx", []), f"--onnx {t / 'no.onnx'}: no such file",
              f"--onnx {t / 'no.onnx'}: そのファイルはありません"),
             (lambda: quantize_detector(t / "f.onnx", t / "f.onnx", []),
              f"--out {t / 'f.onnx'}: that is the float detector itself; write the int8 one elsewhere",
              f"--out {t / 'f.onnx'}: それは浮動小数点の検出器そのものです: int8 の検出器は別の所に書いてください"),
             (lambda: quantize_detector(t / "f.onnx", t / "g.onnx", []), "no photos to calibrate on",
              "較正に使う写真がありません")]
    for f, english, ja in cases:
        with pytest.raises(QuantizeError) as caught:
            f()
        assert (str(caught.value), _ja(caught.value)) == (english, ja)
    cli_env(TILELENS_LANG="ja")
    assert cli.main(["train", "quantize", "--data", str(t / "empty"), "--out", str(t / "empty")]) == 2
    assert capsys.readouterr().err == (f"tilelens train: --out {t / 'empty'} はフォルダです: 書くファイルの名前を指定してください "
                                       f"(例: {t / 'empty' / 'detector-int8.onnx'})\n")


def test_quantize_s_lines_in_each_language():
    from vision.quantize import _said

    assert _said("wrote", "en", dest="d.onnx", mb=3.21, src="s.onnx", used=7, n=9) == (
        "wrote d.onnx (3.2 MB, from s.onnx, 7 of 9 calibration photos read)")
    assert _said("wrote", "ja", dest="d.onnx", mb=3.21, src="s.onnx", used=7, n=9) == (
        "d.onnx を書きました (3.2 MB、元は s.onnx、較正の写真 9枚中 7枚を読みました)")
    assert (_said("bar", "en"), _said("bar", "ja")) == ("calibrating", "較正中")


def test_train_all_s_plan_and_figures_in_japanese_and_english_as_it_was(cli_env):
    from vision.retrain import WHAT_JA, describe_figures, make_plan

    plan = make_plan(Path("r"), 2.5)
    english = plan.describe()
    assert english.splitlines()[:2] == [
        "retrain into r in 2.5 h (models: r/models)",
        "  lane 0  scenes-cinderella-neo          2.0 min  800 detector scenes at 448 px"]
    # the whole table as the old code wrote it, line by line
    assert english == "\n".join([f"retrain into {plan.out} in {plan.hours:g} h (models: {plan.models})", *(
        f"  lane {s.lane}  {s.name:<27} {s.minutes:6.1f} min  {s.what}"
        + (f"  after {', '.join(s.after)}" if s.after else "") for s in plan.steps)])
    assert all(s.what in WHAT_JA for s in plan.steps)  # every step's "what" has Japanese
    figures = {"detector": {"epochs": 2, "P": 0.5}, "boxcheck": {"val_acc": 0.95}}
    assert describe_figures(figures).splitlines() == [
        "what the models reached on their own validation data (test sets: benchmarks/eval_all.sh):",
        "  detector                    P 0.500, 2 epochs", "  boxcheck                    val_acc 0.950",
        "  the detector had time for 2 epochs; the retrain that reproduced the real-photo figures trained 7 "
        "(models/MODEL_CARD.md): give it more --hours or the machine to itself"]
    cli_env(TILELENS_LANG="ja")
    ja = plan.describe()
    assert ja.splitlines()[:2] == ["r に 2.5時間で学習し直します (モデル: r/models)",
                                   "  レーン 0  scenes-cinderella-neo          2.0分  検出器の場面 800枚 (448 px)"]
    assert "min" not in ja and "after" not in ja
    said = describe_figures(figures)
    assert said.splitlines()[1:3] == ["  detector                    P 0.500, 2エポック",
                                      "  boxcheck                    val_acc 0.950"]
    assert said.splitlines()[3].startswith("  検出器の学習は 2エポックだけでした。") and "epoch" not in said
    assert describe_figures({}) == "検証の数字はまだありません"


def test_train_all_s_refusals_and_progress_in_japanese_and_its_steps_log_in_english(tmp_path, cli_env):
    import sys

    from vision.retrain import Plan, RetrainError, Step, _env, make_plan, run_plan

    with pytest.raises(RetrainError) as caught:
        make_plan(Path("r"), 0.1)
    assert str(caught.value) == "--hours 0.1 is too little to train anything: give at least 0.75"
    assert _ja(caught.value) == "--hours 0.1 では何も学習できません: 0.75 以上にしてください"
    cli_env(TILELENS_LANG="ja")
    # a step's log is read back for its figures ("val acc 0.96"): it is written in English whatever is spoken here
    assert _env()["TILELENS_LANG"] == "en"
    plan = Plan(tmp_path, 1.0, [Step("ok", 0, (sys.executable, "-c", "pass"), 0.1),
                                Step("bad", 0, (sys.executable, "-c", "raise SystemExit(3)"), 0.1, after=("ok",))])
    said = []
    with pytest.raises(RetrainError) as caught:
        run_plan(plan, say=said.append, poll=0.02, cwd=tmp_path)
    assert str(caught.value).startswith("step bad failed (exit 3) after ")
    assert _ja(caught.value).startswith("手順 bad が失敗しました (終了コード 3、")
    assert said[0].endswith("] 開始  ok (レーン 0): 予定 0.1分 (2手順中 1手順を開始)")
    assert "] 完了  ok (" in said[1] and said[1].endswith("(2手順中 1手順が完了)")
    said.clear()
    with pytest.raises(RetrainError):
        run_plan(plan, say=said.append, poll=0.02, cwd=tmp_path, lang="en")
    assert said[0] == "already done: ok"


def test_where_an_evaluation_set_s_photos_are_read_from_is_also_told_in_japanese(tmp_path):
    """The warning (a copied folder whose data.yaml still reads the old one's photos) was English only: the command
    line (vision/evaluate.py) can now say ``notes_ja``; --json keeps ``notes``."""
    from vision.eval_data import load_eval_set

    data = Path(__file__).resolve().parents[1] / "vision" / "data" / "detector"
    old = tmp_path / "old"
    for sub in ("images", "labels"):
        (old / sub).mkdir(parents=True)
    shutil.copyfile(data / "images" / "hk-1.jpg", old / "images" / "hk-1.jpg")
    shutil.copyfile(data / "labels" / "hk-1.txt", old / "labels" / "hk-1.txt")
    names = (data / "data.yaml").read_text(encoding="utf-8").split("names:", 1)[1]
    (old / "data.yaml").write_text(f"path: {old}\ntrain: images\nval: images\nnames:{names}", encoding="utf-8")
    new = tmp_path / "new"
    shutil.copytree(old, new)
    notes, notes_ja = [], []
    load_eval_set(str(new), notes=notes, notes_ja=notes_ja)
    assert len(notes) == 1 and notes[0].startswith(f"photos read from {old} ")
    assert len(notes_ja) == 1 and notes_ja[0].startswith(f"写真は {new / 'data.yaml'} の path: が指す {old} から読みます")
    english_only = []
    load_eval_set(str(new), notes=english_only)
    assert english_only == notes
