"""Session 52's command-line leftovers: a TILELENS_LANG the command line does not speak is said (not silently
English); an empty game file is said to be empty (not "field hand_size: is missing"); every command that plays a
house table lists --shipped-rules in its own --help; an argument that is no UTF-8 (a file name's stray byte) is
echoed as \\xNN, never as a surrogate (\\udcff) nor a traceback; フォルダ is written one way."""
from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from scorer import catalog
from tilelens import cli

HAND = ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3


@pytest.fixture
def home(tmp_path, monkeypatch):
    """An empty TILELENS_HOME, English unless a test says otherwise."""
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("YOLO_OFFLINE", "1")
    for key in ("TILELENS_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path / "home"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = cli.main(list(argv))
    except SystemExit as exc:  # argparse's --help and usage errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


# --- 2. a language the command line does not speak ------------------------------------------------------------

def test_an_unsupported_tilelens_lang_is_said_once_and_english_is_used(home, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "fr")
    code, out, err = run(capsys, "score", "--game", "nogizaka", *HAND)
    assert code == 0 and out, (code, err)
    said = [line for line in err.splitlines() if "TILELENS_LANG" in line]
    assert len(said) == 1, err
    assert "'fr'" in said[0] and "not supported" in said[0] and "English" in said[0]
    assert "ja" in said[0] and "en" in said[0]  # the ones it speaks are named


def test_an_unsupported_tilelens_lang_says_the_locale_language_it_falls_back_to(home, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "fr")
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    code, _, err = run(capsys, "games", "nogizaka", "--shipped-rules", "--nonsense")
    said = [line for line in err.splitlines() if "TILELENS_LANG" in line]
    # said in the language the command goes on in (a code review: it was English before Japanese errors)
    assert len(said) == 1 and "日本語" in said[0] and "対応していません" in said[0] and "English" not in said[0], err


@pytest.mark.parametrize("value", ["ja", "en", "EN", "ja_JP.UTF-8", ""])
def test_a_supported_or_unset_tilelens_lang_says_nothing(home, capsys, monkeypatch, value):
    monkeypatch.setenv("TILELENS_LANG", value)
    code, _, err = run(capsys, "score", "--game", "nogizaka", *HAND)
    assert code == 0 and "TILELENS_LANG" not in err, err


# --- 4. an empty game file ------------------------------------------------------------------------------------

@pytest.mark.parametrize("content", [b"", b"\n\n  \n", b"\xef\xbb\xbf", b"# only a comment\n"])
@pytest.mark.parametrize("argv", [["score", "--game", "{f}", "rarin"], ["waits", "--game", "{f}", "rarin"],
                                  ["games", "{f}"]])
def test_an_empty_game_file_is_said_to_be_empty(home, tmp_path, capsys, content, argv):
    game = tmp_path / "empty.toml"
    game.write_bytes(content)
    code, out, err = run(capsys, *[a.format(f=game) for a in argv])
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert str(game) in err and "is empty" in err and "hand_size" not in err, err


def test_an_empty_game_file_is_said_in_japanese(home, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    game = tmp_path / "empty.toml"
    game.write_bytes(b"")
    code, _, err = run(capsys, "score", "--game", str(game), "rarin")
    assert code == 2 and str(game) in err and "空" in err and "is empty" not in err, err


def test_an_empty_game_file_is_refused_by_the_loader_naming_it(tmp_path):
    game = tmp_path / "empty.toml"
    game.write_bytes(b"")
    with pytest.raises(catalog.GameFileError) as refused:
        catalog.load_game(game)
    assert str(refused.value).startswith(f"{game}: ") and "empty" in str(refused.value)
    assert refused.value.message_ja.startswith(f"{game}: ") and "空" in refused.value.message_ja


# --- 3. a house table with a TOML slip: already named with its line and column (kept so) ----------------------

def test_a_house_table_with_a_toml_slip_names_the_file_line_and_column(home, capsys):
    folder = home / "games" / "nogizaka"
    folder.mkdir(parents=True)
    table = folder / "0123abcd.toml"
    table.write_text('id = "nogizaka"\nname_ja = = "x"\n', encoding="utf-8")
    code, _, err = run(capsys, "score", "--game", "nogizaka", *HAND)
    assert code == 2 and str(table) in err and "line 2, column" in err, err


# --- 5. --shipped-rules in each house command's own --help ----------------------------------------------------

@pytest.mark.parametrize("argv", [["score"], ["waits"], ["games"], ["check"], ["read"], ["ledger"],
                                  ["ledger", "list"], ["score", "--game", "tokyo-mahjong"]], ids=" ".join)
def test_every_house_command_lists_shipped_rules_in_its_help(home, capsys, monkeypatch, argv):
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(capsys, *argv, "--help")
    assert code in (0, None) and out.startswith("usage: tilelens"), out[:200]
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("-h, --help"))
    assert lines[at + 1].lstrip().startswith("--shipped-rules"), lines[at:at + 3]  # listed with the options
    assert sum(line.lstrip().startswith("--shipped-rules") for line in lines) == 1  # once (and in argparse's usage)
    entry = " ".join(line.strip() for line in lines[at + 1:at + 4])
    assert "play the box's table, not the one edited in the app" in entry, lines[at:at + 4]
    assert all(len(line) <= 80 for line in lines[at + 1:at + 4])


@pytest.mark.parametrize("columns", [30, 52])
def test_the_shipped_rules_line_wraps_at_a_narrow_terminal(home, capsys, monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", str(columns))
    code, out, _ = run(capsys, "games", "--help")
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("--shipped-rules"))  # not the usage's
    words = " ".join(line.strip() for line in lines[at:at + 6])
    assert "the box's table" in words
    assert all(len(line) <= max(columns, 40) for line in lines[at:at + 6] if line.strip()), lines[at:at + 6]


def test_a_command_that_plays_no_house_table_does_not_list_it(home, capsys):
    code, out, _ = run(capsys, "enroll", "--help")
    assert code in (0, None) and "--shipped-rules" not in out


def test_shipped_rules_given_with_help_still_shows_the_help(home, capsys):
    code, out, _ = run(capsys, "score", "--shipped-rules", "--help")
    assert code in (0, None) and sum(line.lstrip().startswith("--shipped-rules") for line in out.splitlines()) == 1


# --- 6. an argument that is no UTF-8 --------------------------------------------------------------------------

BYTE = os.fsdecode(b"\xff")  # what Python makes of the byte 0xff in an argument: '\udcff'


@pytest.mark.parametrize("argv", [[BYTE], ["score", "--game", "nogizaka", "--local", BYTE], ["score", "--game", "nogizaka", BYTE],
                                  ["games", BYTE], ["ledger", "show", BYTE], ["score", "--game", BYTE + ".toml", "a"],
                                  ["check", "--game", "nogizaka", BYTE]], ids=repr)
def test_a_stray_byte_in_an_argument_is_shown_as_an_escape(home, capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2, (code, err)
    assert "\\xff" in err, err
    assert "\\udcff" not in err and BYTE not in err and "Traceback" not in err, err


def test_a_stray_byte_said_on_a_stream_that_cannot_write_it_is_an_escape_not_a_crash(home, monkeypatch):
    """stdout under PYTHONIOENCODING=utf-8 (strict) cannot write a surrogate: `tilelens read` crashed with a
    UnicodeEncodeError printing a photo's name. The router's stream writes what it cannot as \\xNN."""
    raw = io.BytesIO()
    strict = io.TextIOWrapper(raw, encoding="utf-8", errors="strict", write_through=True)
    monkeypatch.setattr("sys.stdout", strict)
    stream = cli.readable_stream(strict, always=False)
    stream.write(f"{BYTE}.jpg: 2 tiles\n")
    assert raw.getvalue() == b"\\xff.jpg: 2 tiles\n"
    stream.write("plain\n")
    assert raw.getvalue().endswith(b"plain\n")


def test_a_stray_byte_is_written_as_it_came_where_the_stream_can(tmp_path):
    """Where stdout can write the byte back (surrogateescape, as Python's own is under a C/UTF-8 locale), a
    script reading a path from it gets the file's real name."""
    raw = io.BytesIO()
    lenient = io.TextIOWrapper(raw, encoding="utf-8", errors="surrogateescape", write_through=True)
    cli.readable_stream(lenient, always=False).write(f"{BYTE}.jpg\n")
    assert raw.getvalue() == b"\xff.jpg\n"


def test_the_streams_are_given_back_after_the_command(home, capsys):
    import sys

    before = (sys.stdout, sys.stderr)
    run(capsys, "score", BYTE)
    assert (sys.stdout, sys.stderr) == before


@pytest.mark.parametrize("text, shown", [(BYTE, "\\xff"), (repr(BYTE), "'\\xff'"), ("plain", "plain"),
                                         ("\ud800", "\\ud800"), ("\\udcff is", "\\xff is")])
def test_readable(text, shown):
    assert cli.readable(text) == shown


# --- 7. フォルダ, one way ----------------------------------------------------------------------------------

def test_a_folder_given_as_a_game_file_says_folder_as_the_rest(home, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    (tmp_path / "g.toml").mkdir()
    code, _, err = run(capsys, "score", "--game", "g.toml", "rarin")
    assert code == 2 and "フォルダです" in err and "フォルダー" not in err, err


def test_the_app_words_say_folder_as_the_rest():
    from app.components import i18n

    for key in ("ledger_move_aside_help", "cannot_save_table"):
        assert "フォルダー" not in i18n.STRINGS[key][0] and "フォルダ" in i18n.STRINGS[key][0], key
    _, ja = i18n.os_error_pair(NotADirectoryError(20, "Not a directory", "/x/afile/sub"))
    assert ja == "/x/afile/sub: フォルダのあるべき所にファイルがあります"


def test_folder_is_written_one_way_in_the_files_of_this_fix():
    root = Path(__file__).resolve().parents[2]
    for name in ("tilelens/cli.py", "tilelens/home.py", "tilelens/app_cli.py", "scorer/catalog.py",
                 "app/components/i18n.py", "README.md"):
        assert "フォルダー" not in (root / name).read_text(encoding="utf-8"), name
