"""`tilelens synth` and `tilelens contact-sheet` under odd input: a count that would fill the memory, a sheet too
big to hold, a card that is no UTF-8, a run stopped with Ctrl-C and run again, and their refusals in Japanese."""
from __future__ import annotations

import re
import signal
import tracemalloc

import pytest

from scorer.result import TilelensInputError
from tilelens.cli import main as tilelens_main
from vision.synth import dataset, make_dataset
from vision.synth.compose import LayoutError

MAX_COUNT = 1_000_000  # the bound --help says
JA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture
def english(monkeypatch):
    monkeypatch.delenv("TILELENS_LANG", raising=False)
    monkeypatch.setenv("LANG", "C")


# ---------------------------------------------------------------- how many photos

def _never(*args, **kwargs):
    raise AssertionError("began making photos")  # a count past the bound is refused before any


def test_count_is_bounded_by_the_parser_and_nothing_is_made(tmp_path, capsys, english, monkeypatch):
    monkeypatch.setattr(dataset, "Job", _never)
    with pytest.raises(SystemExit) as exc:
        tilelens_main(["synth", "--game", "nogizaka", "--count", "99999999999999999999", "--workers", "1",
                       "--out", str(tmp_path / "s")])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and f"argument --count: must be at most {MAX_COUNT:,}, got 99999999999999999999" in err
    assert not (tmp_path / "s").exists()
    with pytest.raises(SystemExit):
        tilelens_main(["synth", "--help"])
    assert "1,000,000" in capsys.readouterr().out.replace("\n", " ")


def test_count_past_the_bound_is_refused_by_make_dataset_in_both_languages(tmp_path, monkeypatch):
    monkeypatch.setattr(dataset, "Job", _never)
    with pytest.raises(TilelensInputError) as refused:
        make_dataset("nogizaka", MAX_COUNT + 1, tmp_path / "s", imgsz=64, workers=1, progress=False)
    assert "at most 1,000,000" in str(refused.value) and JA.search(refused.value.message_ja)
    assert not (tmp_path / "s").exists()


def _tiny_scene(job):
    """A scene record as ``write_scene`` gives, without rendering: what the set's files and card are made of."""
    return ({"image": f"images/{job.split}/{job.index:06d}.jpg", "split": job.split, "layout": "rack",
             "tiles": [{"tile_id": "x", "is_back": False}]}, [{"crop": f"c{job.index}"}])


def test_a_large_set_is_written_scene_by_scene_not_held_in_memory(tmp_path, monkeypatch):
    """`--count 99999999999999999999` made a list of every photo's job before the first photo, and kept every
    photo's record until the last: memory grew with the count. Peak memory of 40,000 scenes stays small."""
    monkeypatch.setattr(dataset, "write_scene", _tiny_scene)
    tracemalloc.start()
    try:
        make_dataset("nogizaka", 40_000, tmp_path / "s", imgsz=64, workers=1, progress=False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4_000_000, peak  # a list of 40,000 jobs alone is more
    lines = (tmp_path / "s" / "scenes.jsonl").read_text().splitlines()
    assert len(lines) == 40_000 and '"000039999.jpg"' not in lines[-1] and "039999.jpg" in lines[-1]
    card = (tmp_path / "s" / "CARD.md").read_text()
    assert "photos: 40000" in card and "boxes: 40000" in card and "classifier crops: 40000" in card


# ---------------------------------------------------------------- the sheet's size

@pytest.mark.parametrize("option, value", [("--rows", "100000"), ("--cols", "9"), ("--thumb", "8192")])
def test_contact_sheet_size_is_bounded(tmp_path, capsys, english, option, value, monkeypatch):
    from vision.synth import contact

    monkeypatch.setattr(contact, "contact_sheet", _never)
    with pytest.raises(SystemExit) as exc:
        tilelens_main(["contact-sheet", "--out", str(tmp_path / "c.png"), option, value])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and f"argument {option}: must be at most" in err and not (tmp_path / "c.png").exists()


def test_contact_sheet_help_says_the_bounds(capsys):
    with pytest.raises(SystemExit):
        tilelens_main(["contact-sheet", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "at most 8" in out and "at most 512" in out


def test_contact_sheet_api_refuses_a_huge_sheet_in_both_languages(tmp_path, monkeypatch):
    from vision.synth.contact import ContactSheetError, contact_sheet

    monkeypatch.setenv("TILELENS_HK_DIR", str(tmp_path / "none"))  # refused before any photo is looked for

    with pytest.raises(ContactSheetError) as refused:
        contact_sheet(tmp_path / "c.png", rows=100000, cols=100000, thumb=8192)
    assert "100000" in str(refused.value) and JA.search(refused.value.message_ja)


# ---------------------------------------------------------------- what is in --out

def test_a_card_that_is_no_utf8_is_not_a_synthetic_set(tmp_path):
    out = tmp_path / "s"
    out.mkdir()
    (out / "CARD.md").write_bytes(b"\xff\xfe\x00# notes of mine\n")
    with pytest.raises(TilelensInputError, match="is not empty and is not a synthetic dataset") as refused:
        make_dataset("nogizaka", 1, out, imgsz=64, workers=1, progress=False)
    assert JA.search(refused.value.message_ja)
    assert (out / "CARD.md").read_bytes().startswith(b"\xff\xfe")


def test_not_a_synthetic_set_is_said_in_japanese(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    out = tmp_path / "mine"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    assert tilelens_main(["synth", "--game", "nogizaka", "--count", "1", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert JA.search(err) and "is not a synthetic dataset" not in err and str(out) in err
    assert [p.name for p in out.iterdir()] == ["keep.txt"]


def _stop_at(n):
    real = dataset.write_scene

    def write(job):
        if job.index == n:
            raise KeyboardInterrupt  # as Ctrl-C stops the run in the middle
        return real(job)
    return write


def test_a_run_stopped_half_way_is_rewritten_by_the_next_run(tmp_path, monkeypatch, capsys, english):
    """Ctrl-C on `synth --count 200`, then the same command again: "--out ... is not empty and is not a synthetic
    dataset; choose a new folder", of the user's own half-made set."""
    out = tmp_path / "s"
    with monkeypatch.context() as m:
        m.setattr(dataset, "write_scene", _stop_at(2))
        with pytest.raises(KeyboardInterrupt):
            make_dataset("nogizaka", 5, out, imgsz=64, val_fraction=0.0, workers=1, progress=False)
    assert len(list((out / "images").rglob("*.jpg"))) == 2  # the half-made set
    card = (out / "CARD.md").read_text(encoding="utf-8")
    assert card.startswith("# Synthetic dataset") and "interrupted" in card  # says what the folder is
    assert not (out / "data.yaml").exists()  # nothing trains on half a set
    assert tilelens_main(["synth", "--game", "nogizaka", "--count", "1", "--out", str(out), "--imgsz", "64"]) == 0
    assert "wrote 1 photo" in capsys.readouterr().out
    assert len(list((out / "images").rglob("*.jpg"))) == 1 and "interrupted" not in (out / "CARD.md").read_text()


def test_pool_workers_leave_ctrl_c_to_the_command(monkeypatch):
    """Ctrl-C reaches every process of the terminal's group: each pool worker printed "Process
    ForkServerPoolWorker-2:" and its traceback. The workers ignore it; the command stops them and says it."""
    before = signal.getsignal(signal.SIGINT)
    try:
        dataset._worker_init()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)


# ---------------------------------------------------------------- refusals in Japanese

@pytest.mark.parametrize("call", [
    lambda tmp: make_dataset("nogizaka", 2, tmp / "a", imgsz=100, workers=1, progress=False),
    lambda tmp: (tmp / "f").write_text("x") and make_dataset("nogizaka", 2, tmp / "f", imgsz=64, workers=1,
                                                             progress=False),
    lambda tmp: make_dataset("nogizaka", 2, tmp / "a", imgsz=64, seed=-1, workers=1, progress=False),
    lambda tmp: make_dataset("nogizaka", 2, tmp / "a", imgsz=64, val_fraction=1.5, workers=1, progress=False),
    lambda tmp: make_dataset("nogizaka", 0, tmp / "a", imgsz=64, workers=1, progress=False),
    lambda tmp: make_dataset("nogizaka", 2, tmp / "a", imgsz=64, workers=1, progress=False, box="corner"),
], ids=["imgsz", "file", "seed", "val", "count", "box"])
def test_dataset_refusals_have_japanese(tmp_path, call):
    with pytest.raises(TilelensInputError) as refused:
        call(tmp_path)
    assert JA.search(getattr(refused.value, "message_ja", "")), str(refused.value)


@pytest.mark.parametrize("kwargs", [dict(imgsz=8), dict(seed=-1), dict(style=99), dict(melds=["pon:555z"]),
                                    dict(span=(0.0, 9.0)), dict(layout="zzz")],
                         ids=["imgsz", "seed", "style", "melds", "span", "layout"])
def test_hand_refusals_have_japanese(kwargs):
    from vision.synth import render_hand

    with pytest.raises(LayoutError) as refused:
        render_hand("cinderella-neo", ["shimamura-uzuki"], **kwargs)
    assert JA.search(refused.value.message_ja), str(refused.value)


def test_an_empty_hand_is_refused_in_japanese_too():
    from vision.synth import render_hand

    with pytest.raises(LayoutError) as refused:
        render_hand("nogizaka", [])
    assert JA.search(refused.value.message_ja)


def test_imgsz_not_a_multiple_of_32_said_in_japanese_by_the_command(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert tilelens_main(["synth", "--game", "nogizaka", "--count", "2", "--imgsz", "100",
                          "--out", str(tmp_path / "s")]) == 2
    err = capsys.readouterr().err
    assert JA.search(err) and "100" in err and "multiple" not in err
