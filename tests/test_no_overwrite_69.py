"""Commands that wrote over a user's files, each now refused in one line (both languages, exit 2), nothing written:

- `ledger csv` and `ledger totals --csv` with --out naming the ledger's own file (however written: relative, a link)
  replaced the ledger with a CSV, even with --force;
- `contact-sheet --out` an existing file wrote over it unasked (`synth`, `ledger csv`, `label export` ask --force);
- `train quantize --out hand.jpg` wrote an ONNX model over a photo: an --out that is no .onnx, or is there already
  (without --force), was written after minutes of calibration;
- `app --server.port -1` (70000) ended in Streamlit's OverflowError traceback, `--server.address 999.1.1.1` in its
  socket.gaierror.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from tilelens.cli import main
from tilelens.ledger import Ledger


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------- the ledger's own file as --out

@pytest.fixture
def ledger_file(tmp_path) -> Path:
    """A ledger with a Tokyo Mahjong match of one hand."""
    path = tmp_path / "w.sqlite"
    ledger = Ledger(path)
    m = ledger.new_match("tokyo-mahjong", ["Ann", "Ben", "Cho", "Dai"])
    ledger.add_win(m, 0, "ron", {1: 8000})
    return path


def _export(action: str, db: Path, out: str) -> list[str]:
    if action == "csv":
        return ["ledger", "--db", str(db), "csv", "1", "--out", out, "--force"]
    return ["ledger", "--db", str(db), "totals", "--game", "tokyo-mahjong", "--csv", "--out", out, "--force"]


@pytest.mark.parametrize("action", ["csv", "totals"])
@pytest.mark.parametrize("named", ["as given", "relative", "a link", "a hard link"])
def test_the_ledgers_own_file_is_never_written_over_even_with_force(ledger_file, tmp_path, monkeypatch, capsys,
                                                                    action, named):
    before = ledger_file.read_bytes()
    out = str(ledger_file)
    if named == "relative":
        (tmp_path / "sub").mkdir()
        monkeypatch.chdir(tmp_path / "sub")
        out = os.path.join("..", ledger_file.name)
    elif named == "a link":
        (tmp_path / "link.csv").symlink_to(ledger_file)
        out = str(tmp_path / "link.csv")
    elif named == "a hard link":
        os.link(ledger_file, tmp_path / "hard.csv")
        out = str(tmp_path / "hard.csv")
    code, _, err = run(capsys, *_export(action, ledger_file, out))
    assert code == 2 and err == f"tilelens ledger: {out} is this ledger's own file: nothing was written (name " \
                                "another file for the CSV)\n"
    assert ledger_file.read_bytes() == before
    assert Ledger(ledger_file).matches()  # still a ledger
    other = tmp_path / "old.csv"  # another file there already: written over, as --force asks
    other.write_text("old")
    code, said, _ = run(capsys, *_export(action, ledger_file, str(other)))
    assert code == 0 and said == f"wrote {other}\n" and other.read_text(encoding="utf-8-sig").startswith(
        "entry," if action == "csv" else "player,")


def test_the_ledgers_own_file_is_said_in_japanese(ledger_file, cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, _, err = run(capsys, *_export("csv", ledger_file, str(ledger_file)))
    assert code == 2 and err == f"tilelens ledger: {ledger_file} はこの成績表自身のファイルです。何も書き出していません " \
                                "(CSV は別のファイルに書き出してください)\n"


# ---------------------------------------------------------------- contact-sheet asks --force

# A file there already, as `synth --hand` says it
EXISTS = [("en", "{out} already exists: it is not replaced (add --force to write over it, or name a new file)"),
          ("ja", "{out} はもうあります: 上書きはしません (上書きするには --force を付けるか、新しいファイル名にしてください)")]


@pytest.fixture
def real_photos(tmp_path, monkeypatch):
    """Twelve plain real photos for the sheet's right half."""
    import cv2
    import numpy as np

    real = tmp_path / "real" / "images"
    real.mkdir(parents=True)
    for i in range(12):
        cv2.imwrite(str(real / f"photo{i}.jpg"), np.full((64, 64, 3), 90 + i, np.uint8))
    monkeypatch.setenv("TILELENS_HK_DIR", str(tmp_path / "real"))


@pytest.mark.parametrize("lang, said", EXISTS)
def test_contact_sheet_leaves_an_existing_file_without_force(real_photos, tmp_path, cli_env, capsys, lang, said):
    cli_env(TILELENS_LANG=lang)
    precious = tmp_path / "precious.png"
    precious.write_bytes(b"a photo of the club")
    code, out, err = run(capsys, "contact-sheet", "--out", str(precious), "--rows", "1", "--cols", "1",
                         "--thumb", "16")
    assert code == 2 and out == "" and err == f"tilelens contact-sheet: {said.format(out=precious)}\n"
    assert precious.read_bytes() == b"a photo of the club"
    photo = tmp_path / "hand.jpg"  # no .png: said for its name first, not asked for --force only to be refused then
    photo.write_bytes(b"a photo")
    code, _, err = run(capsys, "contact-sheet", "--out", str(photo))
    assert code == 2 and err.startswith(f"tilelens contact-sheet: --out {photo} ") and ".png" in err
    assert photo.read_bytes() == b"a photo"


def test_contact_sheet_writes_over_an_existing_file_with_force(real_photos, tmp_path, capsys):
    old = tmp_path / "sheet.png"
    old.write_bytes(b"an old sheet")
    code, out, _ = run(capsys, "contact-sheet", "--out", str(old), "--rows", "1", "--cols", "1", "--thumb", "16",
                       "--force")
    assert code == 0 and out.startswith(f"wrote {old}\n") and old.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("lang, said", [("en", "write over --out if that file exists"), ("ja", "上書き")])
@pytest.mark.parametrize("argv", [["contact-sheet"], ["train", "quantize"]])
def test_force_is_in_the_help_in_each_language(cli_env, capsys, lang, said, argv):
    cli_env(TILELENS_LANG=lang, COLUMNS="200")
    with pytest.raises(SystemExit):
        main([*argv, "--help"])
    force = [line for line in capsys.readouterr().out.splitlines() if line.lstrip().startswith("--force")]
    assert len(force) == 1 and said in force[0], force


# ---------------------------------------------------------------- train quantize: .onnx, and --force

@pytest.fixture
def no_calibration(monkeypatch):
    """No photo drawn, no model loaded: a refusal comes before either (``calls``: what would have been done)."""
    import vision.quantize as quantize

    calls = []

    def never(*args, **kwargs):
        calls.append(args)
        raise AssertionError("calibration started")

    monkeypatch.setattr(quantize, "calibration_photos", never)
    monkeypatch.setattr(quantize, "quantize_detector", never)
    return calls


@pytest.mark.parametrize("lang, said", [
    ("en", "--out {out} must be an .onnx file (the int8 detector is an ONNX model)"),
    ("ja", "--out {out} は .onnx のファイルにしてください (int8 の検出器は ONNX のモデルです)")])
def test_quantize_refuses_an_out_that_is_no_onnx_file_before_calibrating(no_calibration, tmp_path, cli_env, capsys,
                                                                         lang, said):
    cli_env(TILELENS_LANG=lang)
    photo = tmp_path / "hand.jpg"
    photo.write_bytes(b"a photo")
    for out in (photo, tmp_path / "new.jpg"):
        code, _, err = run(capsys, "train", "quantize", "--data", str(tmp_path), "--out", str(out), "--force")
        assert code == 2 and err == f"tilelens train: {said.format(out=out)}\n"
    assert photo.read_bytes() == b"a photo" and not (tmp_path / "new.jpg").exists() and not no_calibration


@pytest.mark.parametrize("lang, said", EXISTS)
def test_quantize_leaves_an_existing_model_without_force(no_calibration, tmp_path, cli_env, capsys, lang, said):
    cli_env(TILELENS_LANG=lang)
    model = tmp_path / "int8.ONNX"
    model.write_bytes(b"last week's model")
    code, _, err = run(capsys, "train", "quantize", "--data", str(tmp_path), "--out", str(model))
    assert code == 2 and err == f"tilelens train: --out {said.format(out=model)}\n"
    assert model.read_bytes() == b"last week's model" and not no_calibration


def test_quantize_goes_on_to_calibrate_with_force(no_calibration, tmp_path, capsys):
    model = tmp_path / "int8.onnx"
    model.write_bytes(b"last week's model")
    with pytest.raises(AssertionError, match="calibration started"):
        main(["train", "quantize", "--data", str(tmp_path), "--out", str(model), "--force"])
    assert len(no_calibration) == 1


# ---------------------------------------------------------------- app: a port or address it cannot listen on

class Launched(Exception):
    """Streamlit would have started (in this process's place, or as a child where there is no exec)."""


@pytest.fixture
def launches(monkeypatch):
    """What `tilelens app` would have started."""
    from tilelens import app_cli

    ran = []

    def launch(cmd, *args, **kwargs):
        ran.append(args[0] if len(args) == 2 else cmd)
        raise Launched

    monkeypatch.setattr(app_cli.os, "execve", launch)
    monkeypatch.setattr(app_cli.subprocess, "call", launch)
    monkeypatch.delenv("STREAMLIT_SERVER_PORT", raising=False)
    monkeypatch.delenv("STREAMLIT_SERVER_ADDRESS", raising=False)
    return ran


@pytest.mark.parametrize("argv, value", [(["--server.port", "-1"], "-1"), (["--server.port=70000"], "70000"),
                                         (["--server.port", "0"], "0"), (["--server.port", "abc"], "abc"),
                                         (["--server.port", "8502", "--server.port", "65536"], "65536")])
def test_app_refuses_a_port_out_of_range_before_streamlit_starts(launches, capsys, argv, value):
    code, _, err = run(capsys, "app", *argv)
    assert code == 2 and err == f"tilelens app: --server.port must be 1 to 65535, not {value}\n" and not launches


def test_app_refuses_a_port_set_in_streamlits_environment_variable(launches, monkeypatch, capsys):
    monkeypatch.setenv("STREAMLIT_SERVER_PORT", "70000")
    code, _, err = run(capsys, "app")
    assert code == 2 and err == "tilelens app: STREAMLIT_SERVER_PORT must be 1 to 65535, not 70000\n" and not launches
    with pytest.raises(Launched):  # the command line's port wins over the variable, as in Streamlit
        main(["app", "--server.port", "8502", "--server.address", "127.0.0.1"])
    assert len(launches) == 1 and launches[0][-4:] == ["--server.port", "8502", "--server.address", "127.0.0.1"]


def test_app_refuses_an_address_it_cannot_listen_on(launches, capsys):
    code, _, err = run(capsys, "app", "--server.address", "999.1.1.1")
    assert code == 2 and not launches
    assert err == "tilelens app: cannot listen on 999.1.1.1: --server.address names an address of this computer " \
                  "(127.0.0.1 keeps the app to it)\n"


def test_app_says_its_refusals_in_japanese(launches, cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    assert run(capsys, "app", "--server.port", "-1")[2] == \
        "tilelens app: --server.port は 1 から 65535 までにしてください (-1 は使えません)\n"
    assert run(capsys, "app", "--server.address=999.1.1.1")[2] == \
        "tilelens app: 999.1.1.1 で待ち受けできません。--server.address にはこのパソコンのアドレスを指定してください " \
        "(127.0.0.1 ならこのパソコンだけで使えます)\n"
    assert not launches

