"""Vision commands' words: a count of one said in the singular in English ("wrote 1 photo", not "1 photos"; Japanese
has no plural and stays as it was); a photo or dataset written under any file name (``cv2.imwrite`` crashed the
process, exit 139, on a name that is no UTF-8); フォルダ, as the rest of the project writes it."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tilelens.cli import main

REPO = Path(__file__).resolve().parents[2]
BYTE = os.fsdecode(b"\xff")  # a file name's byte that is no UTF-8, as Python holds it (surrogateescape)


def test_a_dataset_of_one_photo_is_said_in_the_singular(tmp_path, cli_env, capsys):
    cli_env()
    assert main(["synth", "--game", "nogizaka", "--count", "1", "--workers", "1", "--out", str(tmp_path / "one")]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"wrote 1 photo: {tmp_path / 'one' / 'data.yaml'} (card: ")
    cli_env(TILELENS_LANG="ja")
    assert main(["synth", "--game", "nogizaka", "--count", "1", "--workers", "1", "--out", str(tmp_path / "ja")]) == 0
    assert capsys.readouterr().out.startswith("写真 1枚を書き出しました: ")


def test_synth_dataset_words_still_plural_for_two():
    from vision.synth.cli import _said

    assert _said("dataset", "en", n=2, s="s", yaml="d/data.yaml", card="d/CARD.md") == \
        "wrote 2 photos: d/data.yaml (card: d/CARD.md)"


def test_one_photo_without_a_label_file_is_said_in_the_singular(tmp_path):
    from vision.eval_data import EvalDataError, load_eval_set

    (tmp_path / "images").mkdir()
    (tmp_path / "labels").mkdir()
    (tmp_path / "images" / "a.jpg").write_bytes(b"")
    with pytest.raises(EvalDataError) as caught:
        load_eval_set(str(tmp_path))
    assert str(caught.value) == f"{tmp_path}: no labelled images found (1 photo without a label file)"


def test_eval_lines_of_one_are_singular():
    from vision.evaluate import learnt_words, said_counted

    said = learnt_words({"tileset": "s", "photos": 1, "learnt": None})
    assert "whether this photo is among them" in said
    assert "whether these 3 photos are among them" in learnt_words({"tileset": "s", "photos": 3, "learnt": None})
    assert said_counted("hidden", "en", 1, share=0.5).startswith(
        "identity and hand_exact leave out the name of 1 tile with under 50% of its face in view")
    assert said_counted("hidden", "en", 2, share=0.5).startswith(
        "identity and hand_exact leave out the names of 2 tiles with under 50% of their face in view")
    assert "牌 1枚の名前" in said_counted("hidden", "ja", 1, share=0.5)


def _tilelens(*args: str | bytes, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "YOLO_OFFLINE": "1", "TILELENS_LANG": "en", "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-c", "import sys; from tilelens.cli import main; sys.exit(main())",
                           *args], cwd=cwd, env=env, capture_output=True, timeout=120)


@pytest.mark.parametrize("name, magic", [(b"\xffa.jpg", b"\xff\xd8\xff"), (b"\xffa.png", b"\x89PNG")])
def test_a_photo_written_under_a_name_that_is_no_utf8(tmp_path, name, magic):
    done = _tilelens("synth", "--game", "nogizaka", "--hand", "misa-senpai", "--out", name, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / os.fsdecode(name)).read_bytes().startswith(magic)  # the format its suffix names
    assert done.stdout.startswith(b"wrote ") and b"1 tile " in done.stdout


def test_a_dataset_into_a_folder_whose_name_is_no_utf8_is_refused_in_a_line(tmp_path):
    """Its data.yaml names the folder in UTF-8 (``path:``) for the training to find the photos: such a folder is
    refused before anything is written, in one line (it crashed in cv2.imwrite, exit 139)."""
    done = _tilelens("synth", "--game", "nogizaka", "--count", "1", "--workers", "1", "--out", b"d\xff", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr == (b"tilelens synth: --out d\\xff: the folder's path is not UTF-8 text, and data.yaml names "
                           b"the folder in UTF-8 for the training to find its photos; choose a folder whose path is "
                           b"UTF-8\n")
    assert not (tmp_path / f"d{BYTE}").exists()


def test_write_image_keeps_the_format_and_refuses_an_unknown_suffix(tmp_path):
    import numpy as np

    from vision.synth.dataset import write_image

    image = np.zeros((8, 8, 3), np.uint8)
    assert write_image(tmp_path / f"{BYTE}.png", image) and (tmp_path / f"{BYTE}.png").read_bytes()[:4] == b"\x89PNG"
    assert not write_image(tmp_path / "a.nope", image) and not (tmp_path / "a.nope").exists()


VISION_FILES = ["cropset.py", "classifier_train.py", "data_yaml.py", "train.py", "eval_data.py", "evaluate.py",
                "synth/cli.py"]


@pytest.mark.parametrize("name", VISION_FILES)
def test_folder_is_written_as_the_project_writes_it(name):
    assert "フォルダー" not in (REPO / "vision" / name).read_text(encoding="utf-8")
