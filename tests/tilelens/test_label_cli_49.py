"""`tilelens label` as a walkthrough of the command line found it: a photo skipped as a copy said to be unreadable
in Japanese, the subcommand given after its options, a missing folder said twice by `check`, an empty folder
made a dataset without saying what next, a photo that cannot be read named with its path twice and filed
anyway, and the Teach panel naming Python's exceptions."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image

from tilelens.cli import main as tilelens
from tilelens.labelling import teach

from label_helpers import FixedReader

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def run(capsys, *argv):
    try:
        code = tilelens([str(a) for a in argv])
    except SystemExit as usage:
        code = usage.code
    out, err = capsys.readouterr()
    return code, out, _no_progress_bars(err)


def _no_progress_bars(err: str) -> str:
    return "\n".join(line for line in err.replace("\r", "\n").splitlines() if line and "|" not in line)


@pytest.fixture
def fixed_reader(monkeypatch):
    from tilelens.labelling import prelabel

    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None, **_: FixedReader())


def _jpeg() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (200, 120), (10, 120, 60)).save(buffer, "JPEG")
    return buffer.getvalue()


def _copies_and_a_corrupt_one(root: Path) -> Path:
    """a.jpg and b.jpg the same photo, c.jpg a JPEG cut short."""
    root.mkdir(parents=True)
    photo = _jpeg()
    (root / "a.jpg").write_bytes(photo)
    (root / "b.jpg").write_bytes(photo)
    (root / "c.jpg").write_bytes(photo[: len(photo) // 2])
    return root


# ---- 1. a photo skipped is said to be skipped, with its reason, in Japanese too -------------------------------

def test_japanese_init_says_a_copy_was_skipped_not_unreadable(tmp_path, fixed_reader, cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    d = _copies_and_a_corrupt_one(tmp_path / "lab")
    code, out, err = run(capsys, "label", "init", d, "--game", "nogizaka")
    assert code == 1
    copy = next(line for line in err.splitlines() if "b.jpg" in line)
    assert "同じ写真" in copy and "飛ばし" in copy and "読めない" not in copy
    assert "読めず" not in out and "飛ばし" in out.splitlines()[0]
    assert "2" in out.splitlines()[0]


# ---- 2. the subcommand after the options, or none --------------------------------------------------------------

def test_options_before_the_subcommand_are_said_with_the_command_in_order(tmp_path, cli_env, capsys):
    cli_env()
    code, out, err = run(capsys, "label", "--game", "nogizaka", "init", tmp_path)
    assert code == 2 and out == ""
    assert "invalid choice" not in err and "argument action" not in err
    assert f"tilelens label init {tmp_path} --game nogizaka" in err  # the same command, its option after it
    assert not (tmp_path / "data.yaml").exists()


def test_no_subcommand_names_the_subcommands_not_an_internal_name(cli_env, capsys):
    cli_env()
    code, out, err = run(capsys, "label")
    assert code == 2 and out == ""
    assert "action" not in err
    for name in ("init", "check", "stats", "audit", "teach", "export", "import"):
        assert name in err
    assert "tilelens label init DIR --game GAME" in err


def test_the_subcommand_errors_in_japanese(tmp_path, cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, _, err = run(capsys, "label", "--game", "nogizaka", "init", tmp_path)
    last = err.splitlines()[-1]
    assert code == 2 and JAPANESE.search(last) and f"tilelens label init {tmp_path} --game nogizaka" in last
    assert "invalid choice" not in err
    code, _, err = run(capsys, "label")
    last = err.splitlines()[-1]
    assert code == 2 and JAPANESE.search(last) and "init" in last and "action" not in err


def test_a_subcommand_misspelt_is_named(cli_env, capsys):
    cli_env()
    code, _, err = run(capsys, "label", "inti", "x")
    assert code == 2 and "'inti'" in err and "init" in err and "argument action" not in err


# ---- 3. check says a missing folder once; an empty folder made a dataset says what next ------------------------

def test_check_says_a_folder_both_splits_name_once(tmp_path, cli_env, capsys):
    cli_env()
    (tmp_path / "data.yaml").write_text("train: images/train\nval: images/train\nnames: ['1m']\n")
    code, out, _ = run(capsys, "label", "check", tmp_path)
    assert code == 1
    assert out.count("'images/train' does not exist") == 1


def test_init_of_an_empty_folder_makes_a_dataset_ready_for_photos_and_says_what_next(tmp_path, cli_env, capsys):
    cli_env()
    d = tmp_path / "empty"
    d.mkdir()
    code, out, err = run(capsys, "label", "init", d, "--game", "nogizaka")
    assert code == 0
    assert (d / "data.yaml").is_file() and (d / "images" / "train").is_dir()
    said = out + err
    assert f"tilelens label init {d} --game nogizaka" in said  # the command to run once photos are there
    assert "0 photos: 0 pre-labelled" not in out
    code, out, _ = run(capsys, "label", "check", d)
    assert code == 0 and "does not exist" not in out  # a dataset with no photos yet, nothing wrong


# ---- 4. a photo that cannot be read: named once, left where it was ---------------------------------------------

def test_a_loose_photo_that_cannot_be_read_is_left_where_it_was_and_named_once(tmp_path, fixed_reader, cli_env,
                                                                               capsys):
    cli_env()
    d = _copies_and_a_corrupt_one(tmp_path / "lab")
    code, out, err = run(capsys, "label", "init", d, "--game", "nogizaka")
    assert code == 1
    assert (d / "c.jpg").is_file() and not (d / "images" / "train" / "c.jpg").exists()
    assert not (d / "labels" / "train" / "c.txt").exists()
    line = next(line for line in err.splitlines() if "c.jpg" in line)
    assert line.startswith("skipped c.jpg: ") and line.count("c.jpg") == 1 and "cut short" in line
    assert "left where it is" in line
    # run again: it is skipped again from where it lies, and nothing else changes
    code, out, err = run(capsys, "label", "init", d, "--game", "nogizaka")
    assert code == 1 and (d / "c.jpg").is_file() and not (d / "images" / "train" / "c.jpg").exists()


def test_a_filed_photo_that_cannot_be_read_is_named_once(tmp_path, fixed_reader, cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    d = tmp_path / "lab"
    (d / "images" / "train").mkdir(parents=True)
    (d / "images" / "train" / "x.jpg").write_bytes(_jpeg()[:300])
    code, out, err = run(capsys, "label", "init", d, "--game", "nogizaka")
    assert code == 1
    line = next(line for line in err.splitlines() if "x.jpg" in line)
    assert line.count("x.jpg") == 1 and "images/train/x.jpg" in line and str(d) not in line
    assert "飛ばし" in line


# ---- 5. the Teach panel's failure in plain words -----------------------------------------------------------------

@pytest.mark.parametrize("exc, detail", [(RuntimeError("CUDA out of memory"), "CUDA out of memory"),
                                         (KeyError("boxes"), "boxes"), (MemoryError(), None)])
def test_an_enrolment_that_fails_unexpectedly_names_no_python_exception(exc, detail):
    said = teach._failure(exc, trace=False)
    assert said["ok"] is False
    for text in (said["message"], said["message_ja"]):
        assert not re.search(r"\b[A-Z][a-z]+(Error|Exception)\b", text), text
        assert "KeyError" not in text and "MemoryError" not in text
        if detail:
            assert detail in text
    assert JAPANESE.search(said["message_ja"]) and not JAPANESE.search(said["message"])
    if detail is None:
        assert "memory" in said["message"] and "メモリ" in said["message_ja"]
