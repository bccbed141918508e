"""The rest of the command line in Japanese (``TILELENS_LANG=ja`` or a Japanese locale): label init's and
import's errors and progress, the crop readers' errors and progress, `tilelens train` (classifier, detector,
orientation) and `tilelens eval`'s table and lines; English stays byte for byte what it was."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
import yaml

from scorer.result import TilelensInputError, error_text

DATA = Path(__file__).resolve().parents[1] / "vision" / "data" / "detector"


def _ja(exc: TilelensInputError) -> str:
    assert exc.message_ja, f"no Japanese for {exc}"
    return error_text(exc, "ja")


class _Bars:
    """Stands in for tqdm: records each bar's description, and iterates as the real one does."""

    def __init__(self):
        self.descs: list[str] = []

    def __call__(self, iterable=None, *args, desc=None, **kwargs):
        self.descs.append(desc)

        class Bar:
            def __iter__(self):
                return iter(iterable if iterable is not None else ())

            def set_postfix(self, **kw):
                pass

            def update(self, n=1):
                pass

            def close(self):
                pass

        return Bar()


# ---------------------------------------------------------------- tilelens label (init, import)

def test_label_init_on_a_missing_folder_is_said_in_japanese(cli_env, tmp_path, capsys):
    from tilelens.cli import main
    from tilelens.labelling.model import LabelFileError
    from tilelens.labelling.prelabel import prelabel_folder

    with pytest.raises(LabelFileError) as caught:
        prelabel_folder(tmp_path / "nowhere", "nogizaka", progress=False)
    assert str(caught.value) == f"{tmp_path / 'nowhere'}: no such folder"  # English as it was
    assert _ja(caught.value) == f"{tmp_path / 'nowhere'}: フォルダがありません"
    cli_env(TILELENS_LANG="ja")
    assert main(["label", "init", str(tmp_path / "nowhere"), "--game", "nogizaka"]) == 2
    err = capsys.readouterr().err
    assert "フォルダがありません" in err and "no such folder" not in err


class _ReadsNothing:
    class Reading:
        tiles = ()

    def read(self, image, source=None):
        return self.Reading()


def test_pre_labelling_progress_is_said_in_the_command_line_s_language(cli_env, tmp_path, monkeypatch):
    import cv2

    import tilelens.labelling.prelabel as prelabel

    cv2.imwrite(str(tmp_path / "a.jpg"), np.full((40, 40, 3), 128, np.uint8))
    bars = _Bars()
    monkeypatch.setattr(prelabel, "tqdm", bars)
    cli_env(TILELENS_LANG="ja")
    prelabel.prelabel_folder(tmp_path, "nogizaka", reader=_ReadsNothing())
    cli_env(TILELENS_LANG="en")
    prelabel.prelabel_folder(tmp_path, "nogizaka", reader=_ReadsNothing(), overwrite=True)
    assert bars.descs == ["下書き中", "pre-labelling"]


def _coco(path: Path, files: list[str]) -> Path:
    path.write_text(json.dumps({
        "images": [{"id": i, "file_name": f, "width": 40, "height": 40} for i, f in enumerate(files, 1)],
        "annotations": [{"id": i, "image_id": i, "category_id": 1, "bbox": [1, 1, 10, 10]}
                        for i in range(1, len(files) + 1)],
        "categories": [{"id": 1, "name": "1m"}]}), encoding="utf-8")
    return path


def test_import_skips_are_said_in_japanese(tmp_path):
    from tilelens.labelling.transfer import Format, import_dataset

    (tmp_path / "broken.jpg").write_bytes(b"not a photo")
    summary = import_dataset(_coco(tmp_path / "c.json", ["gone.jpg", "broken.jpg"]), Format.COCO, tmp_path / "ds")
    by_path = {issue.path: issue for issue in summary.issues}
    assert by_path["gone.jpg"].message == "photo not found; skipped"
    assert by_path["gone.jpg"].message_ja == "写真が見つからないので、飛ばしました"
    assert by_path["broken.jpg"].message_ja.startswith("写真ではありません")  # the photo named once (its path)


@pytest.mark.parametrize("data, english, japanese", [
    ({"images": []}, "COCO: 'categories' must be a non-empty list", "COCO: 'categories' が空か、リストではありません"),
    ([], "COCO: expected an object with 'images', 'annotations' and 'categories'",
     "COCO: 'images'、'annotations'、'categories' を持つオブジェクトではありません"),
    ({"images": [{"id": 1, "file_name": "a.jpg", "width": "wide", "height": 40}], "annotations": [],
      "categories": [{"id": 1, "name": "1m"}]}, "COCO: image a.jpg width must be a number, got 'wide'",
     "COCO: 写真 a.jpg の幅は数でなければなりません (「wide」になっています)"),
    ({"images": [{"id": 1, "file_name": "a.jpg", "width": 40, "height": 40}],
      "annotations": [{"id": 7, "image_id": 1, "category_id": 1, "bbox": [1, 1, 0, 3]}],
      "categories": [{"id": 1, "name": "1m"}]},
     "COCO: annotation 7 on a.jpg: bbox width and height must be positive, got 0 x 3",
     "COCO: a.jpg の注釈 7: bbox の幅と高さは 0 より大きくしてください (0×3 になっています)"),
])
def test_coco_import_errors_are_said_in_japanese(data, english, japanese):
    from tilelens.labelling.coco import from_coco
    from tilelens.labelling.model import LabelFileError

    with pytest.raises(LabelFileError) as caught:
        from_coco(data)
    assert str(caught.value) == english and _ja(caught.value) == japanese


def test_coco_and_label_studio_files_that_cannot_be_read_are_said_in_japanese(tmp_path):
    from tilelens.labelling.coco import read_coco
    from tilelens.labelling.labelstudio import read_labelstudio
    from tilelens.labelling.model import LabelFileError

    for read in (read_coco, read_labelstudio):
        with pytest.raises(LabelFileError) as caught:
            read(tmp_path / "none.json")
        assert _ja(caught.value) == f"{tmp_path / 'none.json'}: ファイルがありません"
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    for read in (read_coco, read_labelstudio):
        with pytest.raises(LabelFileError) as caught:
            read(tmp_path / "bad.json")
        assert str(caught.value).startswith(f"{tmp_path / 'bad.json'}: not valid JSON (")
        assert _ja(caught.value).startswith(f"{tmp_path / 'bad.json'}: JSON として読めません (")


@pytest.mark.parametrize("tasks, english, japanese", [
    ({}, "Label Studio: expected a JSON list of tasks", "Label Studio: タスクの JSON リストではありません"),
    ([{"data": {}}], "Label Studio: task 1 has no data.image", "Label Studio: タスク 1 に data.image がありません"),
    ([{"data": {"image": "a.jpg"}, "annotations": [{"result": [
        {"type": "rectanglelabels", "value": {"x": 1, "y": 1, "width": "w", "height": 5,
                                              "rectanglelabels": ["1m"]}}]}]}],
     "Label Studio: a.jpg: width must be a number, got 'w'",
     "Label Studio: a.jpg: width は数でなければなりません (「w」になっています)"),
    ([{"data": {"image": "a.jpg"}, "annotations": [{"result": [
        {"type": "rectanglelabels", "value": {"x": 1, "y": 1, "width": 5, "height": 5, "rotation": 30,
                                              "rectanglelabels": ["1m"]}, "original_width": -4}]}]}],
     "Label Studio: a.jpg: the photo's size must be positive, got -4 x 1",
     "Label Studio: a.jpg: 写真の大きさは 0 より大きくしてください (-4×1 になっています)"),
])
def test_label_studio_import_errors_are_said_in_japanese(tasks, english, japanese):
    from tilelens.labelling.labelstudio import from_labelstudio
    from tilelens.labelling.model import LabelFileError

    with pytest.raises(LabelFileError) as caught:
        from_labelstudio(tasks)
    assert str(caught.value) == english and _ja(caught.value) == japanese


def test_yolo_writing_errors_are_said_in_japanese(tmp_path):
    from tilelens.labelling.model import Box, Dataset, LabelFileError, LabelledImage
    from tilelens.labelling.yolo import format_labels, write_yolo

    with pytest.raises(LabelFileError) as caught:
        format_labels([Box("9z", (0.1, 0.1, 0.2, 0.2))], ("1m",))
    assert _ja(caught.value) == "牌の種類「9z」はデータセットの種類名にありません"
    with pytest.raises(LabelFileError) as caught:
        write_yolo(Dataset(("1m",), (LabelledImage("../a.jpg", (4, 4), ()),)), tmp_path)
    assert _ja(caught.value) == f"../a.jpg: データセットのフォルダ {tmp_path} の外を指しています"


# ---------------------------------------------------------------- the crop readers (train classifier, enroll)

def test_crop_folders_that_cannot_be_read_are_said_in_japanese(tmp_path):
    from vision.cropset import CropDataError, from_dir

    with pytest.raises(CropDataError) as caught:
        from_dir(tmp_path / "nowhere")
    assert str(caught.value) == f"data folder not found: {tmp_path / 'nowhere'}"
    assert _ja(caught.value) == f"データのフォルダがありません: {tmp_path / 'nowhere'}"
    (tmp_path / "images").mkdir()
    (tmp_path / "labels").mkdir()
    with pytest.raises(CropDataError) as caught:
        from_dir(tmp_path)
    assert _ja(caught.value).startswith(f"{tmp_path} には images/ と labels/ がありますが、牌の種類名 (names:) を書いた "
                                        f"data.yaml がありません")
    shutil.rmtree(tmp_path / "labels")
    with pytest.raises(CropDataError) as caught:
        from_dir(tmp_path)
    assert _ja(caught.value) == f"{tmp_path}: 切り抜きがありません ({tmp_path}/<牌の id>/*.jpg の形で置いてください)"


def test_reading_crops_progress_is_said_in_the_command_line_s_language(cli_env, tmp_path, monkeypatch):
    import cv2

    import vision.cropset as cropset

    (tmp_path / "crops" / "1m").mkdir(parents=True)
    cv2.imwrite(str(tmp_path / "crops" / "1m" / "a.jpg"), np.full((40, 30, 3), 128, np.uint8))
    bars = _Bars()
    monkeypatch.setattr(cropset, "tqdm", bars)
    cli_env(TILELENS_LANG="ja")
    cropset.from_dir(tmp_path / "crops")
    list(cropset.labelled_photos([tmp_path / "none.jpg"], ["1m"]))
    cli_env(TILELENS_LANG="en")
    cropset.from_dir(tmp_path / "crops")
    list(cropset.labelled_photos([tmp_path / "none.jpg"], ["1m"]))
    assert bars.descs == ["切り抜きを読み込み中", "切り抜き中", "reading crops", "cropping"]


# ---------------------------------------------------------------- tilelens train classifier / orient / detector

def _checkpoint(path: Path, epoch: int, epochs: int) -> Path:
    import torch

    path.parent.mkdir(parents=True, exist_ok=True)
    torch.save({"epoch": epoch, "elapsed": 30.0, "config": {"epochs": epochs, "minutes": None}}, path)
    return path


def test_classifier_resume_notes_in_japanese_and_english_as_before(cli_env, tmp_path, capsys):
    from vision.classifier_train import say_afresh, say_how_to_continue

    ckpt = _checkpoint(tmp_path / "run" / "last.pt", 2, 5)
    cli_env(TILELENS_LANG="en")
    say_afresh(ckpt)
    say_how_to_continue(["--game", "nogizaka"], ckpt)
    say_how_to_continue([], tmp_path / "none.pt")
    out, err = capsys.readouterr()
    assert out == (f"note: {tmp_path / 'run'} holds an unfinished run (epoch 2 of 5); this run starts afresh over it "
                   f"(--resume continues it instead)\n")
    assert err == (f"{ckpt} holds epoch 2; continue with: tilelens train classifier --game nogizaka --resume\n"
                   f"no checkpoint of this run to resume yet ({tmp_path / 'none.pt'} is written after each epoch)\n")
    cli_env(TILELENS_LANG="ja")
    say_afresh(ckpt)
    say_how_to_continue(["--game", "nogizaka"], ckpt)
    say_how_to_continue([], tmp_path / "none.pt")
    out, err = capsys.readouterr()
    assert out == (f"注意: {tmp_path / 'run'} に途中で止まった学習 (5エポック中 2エポック) があります。この学習はそれを"
                   f"上書きして最初から始めます (--resume を付けると続きから学習します)\n")
    assert err == (f"{ckpt} は 2エポック目まで学習済みです。続けるには: "
                   f"tilelens train classifier --game nogizaka --resume\n"
                   f"この学習で再開できるチェックポイントはまだありません ({tmp_path / 'none.pt'} は各エポックの後に"
                   f"書かれます)\n")


def test_classifier_training_lines_and_epoch_bar_in_japanese(cli_env, tmp_path, monkeypatch, capsys):
    import vision.classifier_train as ct
    from vision.cropset import CropSet

    bars, said = _Bars(), []
    monkeypatch.setattr(ct, "tqdm", bars)
    bars.write = said.append
    spec = ct.ClassifierSpec.for_classes(["1m", "2m"], [{}, {}], crop_size=16, name="t")
    data = CropSet(np.zeros((4, 24, 24, 3), np.uint8), np.array([0, 1, 0, 1]), ["1m", "2m"], np.arange(4))
    cli_env(TILELENS_LANG="ja", TILELENS_LOG_PROGRESS_SECONDS="0")
    ct.train(data, spec, ct.TrainConfig(epochs=1, width=8, batch=4), tmp_path / "run")
    assert bars.descs == ["エポック 1"]
    assert said[0] == f"1エポック学習します (切り抜き 4枚、2種類)。チェックポイント: {tmp_path / 'run' / 'last.pt'}"
    assert said[1].startswith("エポック 1: 損失 ") and said[1].endswith("分") and not said[1].endswith(" 分")


def test_train_classifier_errors_in_japanese(cli_env, tmp_path, capsys):
    from tilelens.cli import main

    cli_env(TILELENS_LANG="ja")
    assert main(["train", "classifier"]) == 2
    err = capsys.readouterr().err
    assert "--game GAME か --data DIR を指定してください" in err and "is required" not in err
    from vision.classifier_train import ClassifierTrainError, _photo_set

    with pytest.raises(ClassifierTrainError) as caught:
        _photo_set(tmp_path / "data.yaml")
    assert _ja(caught.value) == f"データのファイルがありません: {tmp_path / 'data.yaml'}"


def test_where_the_new_models_went_in_japanese_and_english_as_before(cli_env, tmp_path, capsys):
    from vision.classifier_train import _shown, say_where_it_went
    from vision.detector import default_models_dir

    onnx = tmp_path / "detector.onnx"
    models = _shown(default_models_dir())  # as a user in this folder would type it
    for lang in ("en", "ja"):
        cli_env(TILELENS_LANG=lang)
        say_where_it_went([onnx], "--onnx {models}/detector.onnx", ["detector.onnx"], option="detector")
        say_where_it_went([tmp_path / "a.onnx", tmp_path / "b.onnx"], "--models {models}", ["a.onnx", "c.onnx"])
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == [
        f"The models `tilelens read` uses ({models}/) are unchanged. To read with the new one, run `tilelens read "
        f"--detector {onnx}` (`tilelens eval` takes --detector too). To replace the one it uses, train with "
        f"--onnx {models}/detector.onnx.",
        f"The models `tilelens read` uses ({models}/) are unchanged. To read with the new ones, copy {models}/ to a "
        f"folder of your own, put {tmp_path / 'a.onnx'}, {tmp_path / 'b.onnx'} (as c.onnx) there each with its .json, "
        f"and set TILELENS_MODELS to that folder (`tilelens read` also takes it as --models). To replace the ones it "
        f"uses, train with --models {models}."]
    assert out[2] == (f"`tilelens read` が使うモデル ({models}/) は変わっていません。新しいモデルで読むには、`tilelens read "
                      f"--detector {onnx}` で読んでください (`tilelens eval` も --detector を受け付けます)。使うモデルを"
                      f"置き換えるには --onnx {models}/detector.onnx を付けて学習してください。")
    assert f"{tmp_path / 'b.onnx'} (c.onnx として) をそれぞれ .json と一緒にそこへ置いて" in out[3]


def test_the_eval_notes_of_the_shipped_detector_in_both_languages():
    from vision.evaluate import TilelensSystem

    system = TilelensSystem(None, None)
    assert system.note.startswith("detection only (no classifier for this set)")  # as --json writes it
    assert system.note_ja.startswith("検出のみ (このセットの分類器がありません)")
    assert system.note_ja.endswith(system.note.rsplit(";", 1)[-1]) and ";" in system.note


def test_orientation_lines_in_japanese(cli_env, tmp_path, monkeypatch, capsys):
    import vision.classifier_train as ct
    from vision.cropset import CropSet
    from vision.orient import train_model

    monkeypatch.setattr(ct, "train", lambda *a, **k: None)
    monkeypatch.setattr(ct, "accuracy", lambda *a, **k: 0.75)
    monkeypatch.setattr(ct, "save_weights", lambda *a, **k: None)
    monkeypatch.setattr(ct, "export", lambda model, spec, dest: dest)
    crops = CropSet(np.zeros((2, 8, 8, 3), np.uint8), np.array([0, 1]), ["upright", "turned"], np.arange(2))
    for lang in ("en", "ja"):
        cli_env(TILELENS_LANG=lang)
        train_model(crops, tmp_path, tmp_path / "orient.onnx", 1.0, val=crops)
    out = capsys.readouterr().out
    assert out == ("orientation: 2 crops\n"
                   "orientation: validation accuracy 0.7500 (2 crops)\n"
                   f"orientation model exported to {tmp_path / 'orient.onnx'}\n"
                   "牌の上下のモデル: 切り抜き 2枚\n"
                   "牌の上下のモデル: 検証の正解率 0.7500 (切り抜き 2枚)\n"
                   f"牌の上下のモデルを {tmp_path / 'orient.onnx'} に書き出しました\n")


def test_train_detector_lines_and_errors_in_japanese(cli_env, tmp_path, capsys):
    from vision.train import TrainError, _parse_settings, _say_how_to_continue, main

    with pytest.raises(TrainError) as caught:
        _parse_settings(["lr0"])
    assert str(caught.value) == "--set takes KEY=VALUE, got 'lr0'"
    assert _ja(caught.value) == "--set は KEY=VALUE の形で指定してください (「lr0」になっています)"
    cli_env(TILELENS_LANG="en")
    _say_how_to_continue(tmp_path, tmp_path / "last.pt", None)
    assert capsys.readouterr().err == (f"no checkpoint of this run to resume yet in {tmp_path} (one is written after "
                                       f"each epoch)\n")
    cli_env(TILELENS_LANG="ja")
    _say_how_to_continue(tmp_path, tmp_path / "last.pt", None)
    assert capsys.readouterr().err == (f"{tmp_path} にはこの学習で再開できるチェックポイントはまだありません (各エポックの"
                                       f"後に書かれます)\n")
    with pytest.raises(TrainError) as caught:
        main(["detector", "--resume", "--out", str(tmp_path)])
    assert _ja(caught.value) == f"再開する学習がありません: {tmp_path / 'weights' / 'last.pt'} がありません"


def test_detector_run_notes_in_japanese_and_english_as_before(cli_env, tmp_path, monkeypatch, capsys):
    import vision.train as train

    last = tmp_path / "weights" / "last.pt"
    last.parent.mkdir(parents=True)
    last.write_bytes(b"a checkpoint")
    monkeypatch.setattr(train, "checkpoint_state", lambda path: {"epoch": 2, "epochs": 5, "finished": False})
    for lang in ("en", "ja"):
        cli_env(TILELENS_LANG=lang)
        train._say_afresh(tmp_path, last)
        train._say_how_to_continue(tmp_path, last, tmp_path / "d.onnx")
    out, err = capsys.readouterr()
    assert out == (f"note: {tmp_path} holds an unfinished run (epoch 3 of 5); this run starts afresh over it "
                   f"(`tilelens train detector --resume --out {tmp_path}` continues it instead)\n"
                   f"注意: {tmp_path} に途中で止まった学習 (5エポック中 3エポック目) があります。この学習はそれを上書きして"
                   f"最初から始めます (`tilelens train detector --resume --out {tmp_path}` で続きから学習します)\n")
    command = f"tilelens train detector --resume --out {tmp_path} --onnx {tmp_path / 'd.onnx'}"
    assert err == (f"the run's checkpoint {last} holds epoch 3 of 5; continue with: {command}\n"
                   f"この学習のチェックポイント {last} は 5エポック中 3エポック目まで学習済みです。続けるには: {command}\n")


def test_resuming_on_cached_crops_is_said_in_japanese(cli_env, tmp_path, capsys):
    from vision.cropset import CropDataError, CropSet, run_crops

    crops = CropSet(np.zeros((1, 8, 8, 3), np.uint8), np.array([0]), ["1m"], np.array(["a.jpg"]))
    cache = tmp_path / "crops.npz"
    crops.save(cache)
    cli_env(TILELENS_LANG="ja")
    run_crops(cache, {"--data": []}, True, lambda: crops, CropDataError)  # cached before the record was written
    assert capsys.readouterr().err.startswith(f"注意: {cache} に保存された切り抜きで再開します。")
    cache.unlink()
    run_crops(cache, {"--data": [tmp_path / "a.yaml"]}, False, lambda: crops, CropDataError)
    with pytest.raises(CropDataError) as caught:
        run_crops(cache, {"--data": [tmp_path / "b.yaml"]}, True, lambda: crops, CropDataError)
    assert str(caught.value).startswith(f"--data {tmp_path / 'b.yaml'}: not what the run in {tmp_path} cut its crops")
    assert _ja(caught.value).startswith(f"--data {tmp_path / 'b.yaml'}: {tmp_path} の学習が切り抜いたもの (--data "
                                        f"{tmp_path / 'a.yaml'}) と違います。")


# ---------------------------------------------------------------- tilelens eval

def _hidden_set(tmp: Path) -> Path:
    """The sample photos, the first two tiles of the first labelled ``tile`` (faces nobody can read)."""
    data = yaml.safe_load((DATA / "data.yaml").read_text())
    names = list(data["names"].values()) if isinstance(data["names"], dict) else list(data["names"])
    for sub in ("images", "labels"):
        shutil.copytree(DATA / sub, tmp / sub)
    first = sorted((tmp / "labels").glob("*.txt"))[0]
    lines = first.read_text().splitlines()
    lines = [f"{len(names)} " + line.split(" ", 1)[1] for line in lines[:2]] + lines[2:]
    first.write_text("\n".join(lines) + "\n")
    (tmp / "data.yaml").write_text(yaml.safe_dump({"path": str(tmp), "train": "images", "val": "images",
                                                   "names": names + ["tile"]}))
    return tmp / "data.yaml"


class _Knows:
    """A reader that knows the answers, but names the first tile of the second photo wrongly (unsure)."""

    name, note, recognizer = "tilelens", "a reader that knows the answers", None

    def __init__(self, *args, **kwargs):
        self.items = None

    def read(self, path):
        from vision.detections import Detections
        from vision.eval_data import load_eval_set
        from vision.evaluate import Reading

        if self.items is None:
            self.items = {i.image_path: i for i in load_eval_set(str(Path(path).parent.parent / "data.yaml"))}
        item = self.items[path]
        det = Detections(item.truth.xyxy, np.full(len(item.truth), 0.9), item.truth.class_id)
        wrong = sorted(self.items)[1] == path
        kinds = ["9s" if wrong and i == 0 else k for i, k in enumerate(item.kinds)]
        return Reading(0.01, det, kinds, det, [0.5 if wrong and i == 0 else 0.99 for i in range(len(kinds))])


# `tilelens eval` of the set above as it printed before the Japanese command line (captured output)
EVAL_ENGLISH = (
    "data: {tmp}/d/data.yaml (3 images)\n"
    "system    images  tiles  P      R      map50  map50_95  identity  hand_exact  latency_p50_ms  latency_p95_ms\n"
    "tilelens  3       54     1.000  1.000  1.000  1.000     0.981     0.667       10.0            10.0          \n"
    "  tilelens: a reader that knows the answers\n"
    "  tilelens: of the 1 photo not read exactly, 0 read a wrong number of tiles (a hand of known size then fails "
    "its count), 1 mark a wrong tile for a check (confidence under 0.8), 0 are wrong with nothing marked\n"
    "  identity and hand_exact leave out the names of 2 tiles with under 50% of their face in view (their boxes "
    "still count for P, R and mAP)\n"
    "\n"
    "tilelens: 1 of 3 photos not read exactly (how a person would meet each: a wrong count, a wrong tile marked, or "
    "nothing marked)\n"
    "  {tmp}/d/images/hk-2.jpg: [marked] 9m read as 9s (71x62 px, confidence 0.50)\n"
    "tilelens: 1 picture of the photos not read exactly in {tmp}/pics\n")


def _eval(tmp_path, monkeypatch, capsys, *extra):
    import vision.evaluate as evaluate

    monkeypatch.setattr(evaluate, "TilelensSystem", _Knows)
    data = _hidden_set(tmp_path / "d")
    assert evaluate.main(["--data", str(data), *extra]) == 0
    return capsys.readouterr()


def test_eval_in_english_is_as_it_was(cli_env, tmp_path, monkeypatch, capsys):
    cli_env(TILELENS_LANG="en")
    out = _eval(tmp_path, monkeypatch, capsys, "--errors", "--errors-dir", str(tmp_path / "pics")).out
    assert out == EVAL_ENGLISH.format(tmp=tmp_path)


def test_eval_table_and_lines_in_japanese(cli_env, tmp_path, monkeypatch, capsys):
    import vision.evaluate as evaluate

    bars = _Bars()
    monkeypatch.setattr(evaluate, "tqdm", bars)
    cli_env(TILELENS_LANG="ja")
    out = _eval(tmp_path, monkeypatch, capsys, "--errors", "--errors-dir", str(tmp_path / "pics")).out
    lines = out.splitlines()
    assert lines[0] == f"データ: {tmp_path}/d/data.yaml (写真 3枚)"
    assert lines[1].split() == ["方式", "写真", "牌", "P", "R", "map50", "map50_95", "牌の正解率", "手の完全一致",
                                "遅延p50_ms", "遅延p95_ms"]
    assert lines[2].split() == ["tilelens", "3", "54", "1.000", "1.000", "1.000", "1.000", "0.981", "0.667", "10.0",
                                "10.0"]
    assert lines[3] == "  tilelens: a reader that knows the answers"  # the system's own note, as written
    assert lines[4] == ("  tilelens: 正しく読めなかった写真 1枚のうち、牌の数を間違えたもの 0枚 (枚数の決まった手なら"
                        "数の確認で分かる)、間違った牌に確認の印が付いたもの 1枚 (信頼度 0.8 未満)、印なしで間違えたもの"
                        " 0枚")
    assert lines[5] == ("  牌の正解率と手の完全一致は、顔が 50% 未満しか見えない牌 2枚の名前を数えません (枠は P、R、mAP "
                        "に数えます)")
    assert lines[7] == ("tilelens: 写真 3枚のうち1枚を正しく読めませんでした (それぞれ人がどう気づくか: 牌の数の"
                        "間違い、印の付いた間違い、印なしの間違い)")
    assert lines[-1] == f"tilelens: 正しく読めなかった写真の図 1枚を {tmp_path}/pics に描きました"
    assert bars.descs == ["評価 tilelens"]
    assert "photos not read exactly" not in out and "images)" not in out


def test_eval_json_is_the_same_in_both_languages(cli_env, tmp_path, monkeypatch, capsys):
    cli_env(TILELENS_LANG="en")
    english = json.loads(_eval(tmp_path / "en", monkeypatch, capsys, "--json").out)
    cli_env(TILELENS_LANG="ja")
    japanese = json.loads(_eval(tmp_path / "ja", monkeypatch, capsys, "--json").out)
    english.pop("data"), japanese.pop("data")
    assert english == japanese


def test_eval_words_read_the_same_in_english(cli_env):
    from vision.evaluate import learnt_words, wrong_summary

    row = {"wrong_count": 2, "wrong_marked": 3, "wrong_unmarked": 1}
    assert wrong_summary(row).startswith("of the 6 photos not read exactly, 2 read a wrong number")
    assert wrong_summary(row, "ja").startswith("正しく読めなかった写真 6枚のうち、牌の数を間違えたもの 2枚")
    learnt = {"tileset": "s", "photos": 12, "learnt": 12}
    assert learnt_words(learnt) == ("12 of 12 photos measured are photos tile set s learned from: these figures "
                                    "overstate how it reads new photos")
    assert learnt_words(learnt, "ja") == ("測った写真 12枚のうち12枚は牌セット s が学習した写真です: この数字は新しい"
                                          "写真の読みを実際より良く見せます")
