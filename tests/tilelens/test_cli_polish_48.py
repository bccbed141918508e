"""Command-line polish: every command's help breaks lines only at spaces (an option name is never split at a
narrow terminal), and the Japanese messages left behind (a piped photo's name, a missing data file, a hidden
face's reading)."""
import re

import pytest

from tilelens.cli import COMMANDS, main

OPTION_WORD = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*")
SPLIT_OPTION = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*-$")
SPLIT_NAME = re.compile(r"\w-$")  # "tokyo-" / "mahjong", "(tilelens-match-" / "ID.csv)": a name cut at a hyphen

SUBCOMMANDS = {"train": ["detector", "classifier", "boxcheck", "orient", "quantize", "all"],
               "label": ["init", "check", "stats", "audit", "teach", "export", "import"],
               "ledger": ["list", "show", "csv"]}
HELPS = [[name] for name in COMMANDS if name != "train"] + [
    [name, sub] for name, subs in SUBCOMMANDS.items() for sub in subs]


def _help(capsys, monkeypatch, columns: int, argv: list[str]) -> str:
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("YOLO_OFFLINE", "1")
    code = None
    try:
        code = main([*argv, "--help"])
    except SystemExit as exit_:
        code = exit_.code
    assert code in (0, None), (argv, code)
    return capsys.readouterr().out


def test_every_command_is_checked():
    """A command added to `tilelens` gets its help checked too (train routes to its subcommands)."""
    assert {argv[0] for argv in HELPS} == set(COMMANDS)


@pytest.mark.parametrize("argv", HELPS, ids=" ".join)
def test_help_never_breaks_an_option_name(capsys, monkeypatch, argv):
    """argparse's wrapping breaks lines at hyphens: at a narrow terminal `check --help` showed the game
    "tokyo-" / "mahjong", `ledger csv --help` "(tilelens-" / "match-ID.csv)", `read --help` a model's file name
    cut, and an option name written in a help text could be ("--own-" / "discard" in `score`'s). Every name
    stays whole on its line, an option name above all."""
    whole = set(OPTION_WORD.findall(_help(capsys, monkeypatch, 10_000, argv)))
    for columns in (30, 52, 80):
        text = _help(capsys, monkeypatch, columns, argv)
        assert text.strip(), (columns, argv)
        for line in text.splitlines():
            assert not SPLIT_OPTION.search(line.rstrip()), (columns, line)
            assert not SPLIT_NAME.search(line.rstrip()), (columns, line)
        assert set(OPTION_WORD.findall(text)) <= whole, columns


@pytest.mark.parametrize("argv", HELPS, ids=" ".join)
def test_an_option_named_in_any_help_text_stays_whole(capsys, monkeypatch, argv):
    """The same with an option name written into every option's help, at several places on its line: a
    command whose help today happens to name no option where a line ends must still wrap at spaces only."""
    import argparse

    add_argument = argparse._ActionsContainer.add_argument

    def naming_an_option(self, *args, **kwargs):
        if isinstance(kwargs.get("help"), str) and kwargs["help"] != argparse.SUPPRESS:
            kwargs["help"] += " (--own-discard; a --own-discard; an --own-discard; the --no-set-limit)"
        return add_argument(self, *args, **kwargs)

    monkeypatch.setattr(argparse._ActionsContainer, "add_argument", naming_an_option)
    for columns in (30, 52, 80):
        text = _help(capsys, monkeypatch, columns, argv)
        if argv == ["app"]:  # Streamlit's options: the usage is a text of its own, no parser
            continue
        assert "--own-discard" in text, argv
        for line in text.splitlines():
            assert not SPLIT_OPTION.search(line.rstrip()), (columns, line)


def test_piped_bytes_are_named_in_japanese_by_the_loader():
    """load_image_sized took no Japanese name: a photo piped in was "standard input" in its Japanese messages
    (`tilelens read` relabelled them afterwards, the app could not)."""
    from vision.image_io import ImageError, load_image_sized

    with pytest.raises(ImageError) as exc:
        load_image_sized(b"not a photo", "standard input", name_ja="標準入力")
    assert str(exc.value).startswith("standard input: not an image")
    assert exc.value.message_ja.startswith("標準入力: 写真ではありません") and "standard" not in exc.value.message_ja
    with pytest.raises(ImageError) as exc:
        load_image_sized(b"", "photo.jpg")  # a name and no Japanese one: the name in both, as before
    assert exc.value.message_ja.startswith("photo.jpg: 空のファイル")
    with pytest.raises(ImageError) as exc:
        load_image_sized(b"")
    assert exc.value.message_ja.startswith("アップロードした写真: ")


def test_a_photo_piped_in_is_named_in_japanese(monkeypatch, capsys):
    """`cat junk | tilelens read - ` in Japanese names 標準入力, for a photo that is no photo and for one that
    never ends."""
    import io
    import sys

    import vision.image_io

    monkeypatch.setenv("TILELENS_LANG", "ja")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"not a photo")))
    assert main(["read", "-", "--tileset", "hk-mahjong"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tilelens read: 標準入力: 写真ではありません") and "standard input" not in err
    monkeypatch.setattr(vision.image_io, "MAX_STREAM_BYTES", 4)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"0123456789")))
    assert main(["read", "-", "--tileset", "hk-mahjong"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tilelens read: 標準入力: ") and "standard input" not in err


def test_a_missing_data_file_is_said_in_japanese(tmp_path):
    """`data_yaml_path` raised "data file not found" with no Japanese: `tilelens train detector --data
    nowhere.yaml` said it in English to a Japanese user."""
    from scorer.result import error_text
    from vision.data_yaml import data_yaml_path
    from vision.train import TrainError

    with pytest.raises(TrainError) as exc:
        data_yaml_path(tmp_path / "nowhere.yaml", TrainError)
    assert str(exc.value) == f"data file not found: {tmp_path / 'nowhere.yaml'}"
    said = error_text(exc.value, "ja")
    assert str(tmp_path / "nowhere.yaml") in said and "not found" not in said
    with pytest.raises(TrainError) as exc:
        data_yaml_path(tmp_path, TrainError)
    said = error_text(exc.value, "ja")
    assert str(tmp_path) in said and "data.yaml" in said and "folder" not in said


def test_a_hidden_face_read_as_a_tile_in_japanese():
    """The Japanese read "隠れた面 を 4p と読みました": a space before the particle, as after a tile id."""
    from vision.eval_data import UNREADABLE
    from vision.eval_errors import LOOSE, MISNAMED, ReadError

    assert ReadError(MISNAMED, (0, 0, 30, 40), UNREADABLE, "4p").said("ja") == "隠れた面を 4p と読みました (30x40 px)"
    assert ReadError(LOOSE, (0, 0, 30, 40), UNREADABLE, "4p", iou=0.5).said("ja").startswith("隠れた面の枠が")
    assert ReadError(MISNAMED, (0, 0, 30, 40), "5p", "4p").said("ja") == "5p を 4p と読みました (30x40 px)"
    assert ReadError(MISNAMED, (0, 0, 30, 40), UNREADABLE, "4p").said("en") == "a hidden face read as 4p (30x40 px)"
