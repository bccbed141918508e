"""A new user's walkthrough of the vision commands: ``synth --hand --out IMG_0001.jpg`` wrote over a real photo
unsaid, ``--out`` naming a folder or a place no folder can be made was said as the system's words; a damaged
model file was onnxruntime's "[ONNXRuntimeError] : 7 : INVALID_PROTOBUF"; ``eval --data nothere.yaml`` did not
say that the file is not there; ``train classifier --help`` needed torch."""
from __future__ import annotations

import pytest

from tilelens.cli import main


def _run(capsys, monkeypatch, lang, *argv):
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err.strip()


# --- synth: --out -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,said", [("en", "already exists"), ("ja", "もうあります")])
def test_synth_leaves_an_existing_photo_alone(capsys, monkeypatch, tmp_path, lang, said):
    photo = tmp_path / "IMG_0001.jpg"
    photo.write_bytes(b"a real photo")
    code, _, err = _run(capsys, monkeypatch, lang, "synth", "--game", "nogizaka", "--hand", "rarin", "--out",
                        str(photo))
    assert code == 2 and said in err and "--force" in err and len(err.splitlines()) == 1, err
    assert photo.read_bytes() == b"a real photo"


def test_synth_force_writes_over_it(capsys, monkeypatch, tmp_path):
    photo = tmp_path / "hand.jpg"
    photo.write_bytes(b"old")
    code, out, _ = _run(capsys, monkeypatch, "en", "synth", "--game", "nogizaka", "--hand", "rarin", "--out",
                        str(photo), "--force")
    assert code == 0 and "wrote" in out and photo.read_bytes()[:2] == b"\xff\xd8"  # a JPEG now


@pytest.mark.parametrize("lang,said", [("en", "is a folder"), ("ja", "はフォルダです")])
def test_synth_says_out_is_a_folder(capsys, monkeypatch, tmp_path, lang, said):
    folder = tmp_path / "adir.jpg"
    folder.mkdir()
    code, _, err = _run(capsys, monkeypatch, lang, "synth", "--game", "nogizaka", "--hand", "rarin", "--out",
                        str(folder))
    assert code == 2 and said in err and "could not write" not in err, err


def test_synth_force_without_hand_is_refused(capsys, monkeypatch, tmp_path):
    code, _, err = _run(capsys, monkeypatch, "en", "synth", "--game", "nogizaka", "--count", "1", "--out",
                        str(tmp_path / "set"), "--force")
    assert code == 2 and "--force goes with --hand" in err


@pytest.mark.parametrize("lang,said", [("en", "could not make the folder /proc/x for --out"),
                                       ("ja", "--out のフォルダ /proc/x を作れませんでした")])
@pytest.mark.parametrize("argv", [["--count", "1", "--out", "/proc/x"], ["--hand", "rarin", "--out", "/proc/x/y.jpg"]],
                         ids=["dataset", "photo"])
def test_synth_says_a_folder_it_cannot_make_in_a_sentence(capsys, monkeypatch, lang, said, argv):
    code, _, err = _run(capsys, monkeypatch, lang, "synth", "--game", "nogizaka", *argv)
    assert code == 2 and said in err and not err.endswith("/proc/x: No such file or directory"), err


def test_synth_says_a_file_where_its_folder_must_go(capsys, monkeypatch, tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("x")
    code, _, err = _run(capsys, monkeypatch, "en", "synth", "--game", "nogizaka", "--hand", "rarin", "--out",
                        str(afile / "y.jpg"))
    assert code == 2 and f"{afile} is a file, where a folder must go" in err, err


# --- a damaged model file; --data naming a file not there ---------------------------------------------------

@pytest.mark.parametrize("content", [b"\x93\x00garbage\xff" * 50, b""], ids=["damaged", "empty"])
@pytest.mark.parametrize("lang,said", [
    ("en", "{model} is not a model file onnxruntime can read (damaged or not ONNX)"),
    ("ja", "{model} は onnxruntime が読めるモデルファイルではありません (壊れているか ONNX ではありません)")])
def test_read_says_a_damaged_model_in_one_line(capsys, monkeypatch, tmp_path, content, lang, said):
    model, photo = tmp_path / "corrupt.onnx", tmp_path / "hand.jpg"
    model.write_bytes(content)
    photo.write_bytes(b"")
    code, _, err = _run(capsys, monkeypatch, lang, "read", "--game", "nogizaka", "--detector", str(model),
                        str(photo))
    assert code == 2 and err == f"tilelens read: {said.format(model=model)}", err


def test_a_damaged_classifier_is_said_so_too(tmp_path):
    from vision.classifier import ClassifierFileError
    from vision.onnx_session import open_session

    (tmp_path / "bad.onnx").write_bytes(b"not onnx")

    with pytest.raises(ClassifierFileError, match="bad.onnx is not a model file onnxruntime can read") as caught:
        open_session(tmp_path / "bad.onnx", 1, lambda why: ClassifierFileError(f"not loadable ({why})"))
    assert "壊れているか" in caught.value.message_ja


@pytest.mark.parametrize("lang,said", [("en", "--data {p}: no such file"), ("ja", "--data {p}: そのファイルはありません")])
def test_eval_says_a_data_file_that_is_not_there(capsys, monkeypatch, tmp_path, lang, said):
    missing = tmp_path / "nothere.yaml"
    code, _, err = _run(capsys, monkeypatch, lang, "eval", "--data", str(missing))
    assert code == 2 and said.format(p=missing) in err and "hk-heldout" in err, err


# --- progress bars: only where standard error is a terminal --------------------------------------------------

class _Stream:
    def __init__(self, tty: bool) -> None:
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


def test_a_bar_is_shown_only_on_a_terminal():
    from vision.cli_args import bar_hidden

    assert bar_hidden(True, _Stream(tty=True)) is False
    assert bar_hidden(True, _Stream(tty=False)) is True  # `tilelens check ... 2>log.txt`
    assert bar_hidden(False, _Stream(tty=True)) is True  # --quiet


def test_bar_hidden_reads_standard_error_by_default(monkeypatch):
    import sys

    from vision.cli_args import bar_hidden

    monkeypatch.setattr(sys, "stderr", _Stream(tty=False))
    assert bar_hidden() is True
    monkeypatch.setattr(sys, "stderr", _Stream(tty=True))
    assert bar_hidden() is False


def test_a_closed_stream_hides_the_bar():
    import io

    from vision.cli_args import bar_hidden

    closed = io.StringIO()
    closed.close()
    assert bar_hidden(True, closed) is True


# --- train classifier --help without torch --------------------------------------------------------------------

@pytest.fixture
def no_torch(monkeypatch):
    """As without the train extra: ``import torch`` fails, and the modules that import it are imported anew."""
    import sys

    for name in [n for n in sys.modules if n == "torch" or n.startswith("torch.") or n in (
            "vision.classifier_train", "vision.classifier_net")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "torch", None)


def test_train_classifier_help_needs_no_torch(no_torch, capsys):
    with pytest.raises(SystemExit) as shown:
        main(["train", "classifier", "--help"])
    out = capsys.readouterr().out
    assert shown.value.code == 0 and out.startswith("usage: tilelens train classifier") and "--per-kind" in out


def test_train_classifier_usage_error_needs_no_torch(no_torch, capsys):
    with pytest.raises(SystemExit) as shown:
        main(["train", "classifier", "--epochs", "0"])
    assert shown.value.code == 2 and "argument --epochs" in capsys.readouterr().err


def test_train_classifier_without_torch_still_says_the_package(no_torch, capsys):
    assert main(["train", "classifier", "--game", "nogizaka", "--smoke"]) == 2
    assert "needs the package 'torch'" in capsys.readouterr().err


def test_the_classifier_options_are_said_alike_by_both_parsers(capsys):
    """``vision.train.classifier_args`` (read before torch is imported) and ``vision.classifier_train._parse`` take
    the same options with the same defaults (the learning rate's too)."""
    from vision.classifier_train import TrainConfig, _parse
    from vision.train import CLASSIFIER_LR, classifier_args

    assert CLASSIFIER_LR == TrainConfig.lr
    helps = []
    for parse in (classifier_args, _parse):
        with pytest.raises(SystemExit):
            parse(["--help"])
        helps.append(capsys.readouterr().out)
    assert helps[0] == helps[1]
    argv = ["--game", "nogizaka", "--epochs", "3", "--lr", "0.01"]
    assert vars(classifier_args(argv)) == vars(_parse(argv))


def test_synth_draws_no_bar_into_a_log(capsys, monkeypatch, tmp_path):
    """`tilelens synth --count N ... 2>log.txt`: standard error is no terminal (here: captured), so no bar."""
    code, out, err = _run(capsys, monkeypatch, "en", "synth", "--game", "nogizaka", "--count", "1", "--workers", "1",
                          "--imgsz", "128", "--out", str(tmp_path / "set"))
    assert code == 0 and "wrote 1 photo:" in out
    assert "\r" not in err and "%|" not in err, repr(err)
