"""Session 49: a ledger file that is damaged (or no ledger, or a folder) said in plain words in both languages with
a way forward, and moved aside on request (renamed, never deleted); `tilelens ledger` with an explicit --db that
does not exist (a misspelt name) is an error for every subcommand, and --db is taken before the subcommand too."""
from __future__ import annotations


import pytest

from ledger_helpers import app_home, run
import tilelens.ledger as ledger_module
from tilelens.ledger import Ledger, LedgerError, open_existing


@pytest.fixture
def home(tmp_path, monkeypatch):
    """The app's data folder, with no TILELENS_LEDGER: the ledger the app uses is ``home/ledger.sqlite``."""
    return app_home(tmp_path, monkeypatch)


def garbage(path):
    path.write_bytes(b"this is not a database at all" * 100)


def truncated(path):
    ledger = Ledger(path)
    ledger.new_match("yokai-watch", ["A", "B", "C", "D"])
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 2])


RAW = ("file is not a database", "database disk image is malformed", "unable to open database file")


def plain(exc: LedgerError) -> None:
    """The problem in plain words in both languages, sqlite's own words in neither, and what to do."""
    en, ja = str(exc), exc.message_ja
    assert not any(raw in ja for raw in RAW), ja
    assert "damaged" in en and "not a ledger file" in en, en
    assert "壊れている" in ja and "成績表のファイルではありません" in ja, ja
    assert "new ledger" in en and "新しい成績表" in ja  # the way forward


@pytest.mark.parametrize("make", [garbage, truncated])
def test_a_damaged_ledger_file_is_said_in_plain_words(tmp_path, make):
    path = tmp_path / "ledger.sqlite"
    make(path)
    with pytest.raises(ledger_module.LedgerFileError) as refused:
        Ledger(path).read_matches()  # a truncated file opens, and fails on its first read
    plain(refused.value)
    assert refused.value.path == path and str(path) in str(refused.value)


def test_a_folder_in_place_of_the_ledger_file_is_said_so(tmp_path):
    path = tmp_path / "ledger.sqlite"
    path.mkdir()
    with pytest.raises(LedgerError) as refused:  # session 52: no LedgerFileError (no folder to move aside)
        Ledger(path)
    assert not isinstance(refused.value, ledger_module.LedgerFileError)
    assert "is a folder" in str(refused.value) and "unable to open" not in str(refused.value)
    assert "フォルダ" in refused.value.message_ja and "フォルダー" not in refused.value.message_ja and "unable" not in refused.value.message_ja


def test_a_damaged_file_moved_aside_keeps_every_byte_and_a_new_ledger_starts(tmp_path):
    path = tmp_path / "ledger.sqlite"
    garbage(path)
    before = path.read_bytes()
    moved = ledger_module.move_aside(path)
    assert not path.exists() and moved.parent == path.parent and moved.read_bytes() == before
    assert moved.name.startswith("ledger.") and moved.name != path.name
    assert Ledger(path).read_matches() == ([], [])  # a fresh ledger in its place
    garbage(path)
    again = ledger_module.move_aside(path)  # a second one within the same second: its own name, the first one kept
    assert again != moved and again.read_bytes() == before and moved.read_bytes() == before
    folder = tmp_path / "f.sqlite"
    folder.mkdir()
    (folder / "kept.txt").write_text("x")
    with pytest.raises(LedgerError):  # session 52: a folder is the person's, never renamed
        ledger_module.move_aside(folder)
    assert (folder / "kept.txt").read_text() == "x"


def test_the_cli_says_a_file_that_is_no_ledger_in_plain_words(tmp_path, capsys, monkeypatch):
    """`tilelens ledger list --db text.jpg` said 記録ファイル text.jpg を開けません: file is not a database."""
    photo = tmp_path / "text.jpg"
    photo.write_bytes(b"\xff\xd8\xff\xe0" + b"JFIF" * 500)
    for lang in ("ja", "en"):
        monkeypatch.setenv("TILELENS_LANG", lang)
        code, out, err = run(capsys, "ledger", "list", "--db", str(photo))
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and str(photo) in err
        assert not any(raw in err for raw in RAW) if lang == "ja" else "damaged" in err
        assert ("成績表のファイルではありません" if lang == "ja" else "not a ledger file") in err
    with pytest.raises(ledger_module.LedgerFileError) as refused:
        open_existing(photo)
    plain(refused.value)


def test_an_explicit_db_that_does_not_exist_is_an_error_for_every_subcommand(tmp_path, home, capsys):
    """`ledger list --db led2.sqllite` (misspelt) said "no matches yet" and exit 0, as if all were well."""
    real = tmp_path / "led2.sqlite"
    Ledger(real).new_match("yokai-watch", ["A", "B", "C", "D"])
    typo = tmp_path / "led2.sqllite"
    for action in (["list"], ["show", "1"], ["csv", "1"], ["csv", "--all", "--out", str(tmp_path / "out")]):
        code, out, err = run(capsys, "ledger", *action, "--db", str(typo))
        assert code == 2 and out == "", (action, code, out)
        assert f"there is no ledger file at {typo}" in err and "no matches yet" not in err, err
        assert "led2.sqlite" in err  # the file it may have meant
    assert not typo.exists() and not (tmp_path / "out").exists()
    code, out, err = run(capsys, "ledger", "list")  # the app's own file, none yet: nothing wrong (README)
    assert code == 0 and err == "" and "no matches yet" in out


def test_db_before_the_subcommand_is_taken(tmp_path, home, capsys):
    """`tilelens ledger --db led2.sqlite list` was argparse's "invalid choice: 'led2.sqlite'"."""
    path = tmp_path / "led2.sqlite"
    Ledger(path).new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    code, out, err = run(capsys, "ledger", "--db", str(path), "list")
    assert code == 0 and err == "" and "#1" in out and "Ann" in out
    code, out, err = run(capsys, "ledger", "--db", str(path), "show", "1")
    assert code == 0 and "Ann" in out
    code, out, err = run(capsys, "ledger", "--db", str(tmp_path / "nosuch.sqlite"), "list")
    assert code == 2 and "there is no ledger file at" in err
