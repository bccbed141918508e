"""Session 54: `tilelens label` takes a game's tiles from the club's house table edited in the app, as the app's
Label page and "Keep this photo" do and as the other house commands play it, says so on stderr, and takes
``--shipped-rules`` for the box's table. It took the box's table in silence: `label check` of a dataset kept from
the photo page said "class 'sakura' is not a tile of nogizaka ... add it", and a kind the house table dropped
(himetan) of a dataset labelled before was said the same way."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from club_helpers import edited_home
from label_helpers import run
from scorer import catalog
from scorer.catalog import GAMES_DIR

HOUSE_LINE = "using the house table of nogizaka edited in the app"


def house_text() -> str:
    """Nogizaka as the club plays it: himetan graduated, sakura (yellow) joined in her place."""
    return ((GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8").replace('id = "himetan"', 'id = "sakura"', 1)
            .replace('member = "himetan"', 'member = "sakura"', 1))


SHIPPED = tuple(t.id for t in catalog.load_game(GAMES_DIR / "nogizaka.toml").tiles)
HOUSE = tuple("sakura" if k == "himetan" else k for k in SHIPPED)


@pytest.fixture
def home(tmp_path, monkeypatch):
    for key in ("TILELENS_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(key, raising=False)
    return edited_home(tmp_path, monkeypatch, house_text(), added=False, name="club.toml")


def names_of(root: Path) -> tuple[str, ...]:
    names = yaml.safe_load((root / "data.yaml").read_text(encoding="utf-8"))["names"]
    return tuple(names.values() if isinstance(names, dict) else names)


def dataset(root: Path, names: tuple[str, ...], kinds: tuple[str, ...]) -> Path:
    from PIL import Image

    from tilelens.labelling.model import Box, Dataset, LabelledImage
    from tilelens.labelling.yolo import write_yolo

    (root / "images/train").mkdir(parents=True)
    Image.new("RGB", (200, 100), (90, 140, 90)).save(root / "images/train/a.jpg")
    boxes = tuple(Box(k, (0.1 + 0.3 * i, 0.1, 0.3 + 0.3 * i, 0.9)) for i, k in enumerate(kinds))
    write_yolo(Dataset(names, (LabelledImage("images/train/a.jpg", (200, 100), boxes),), "nogizaka"), root)
    return root


def test_init_takes_the_house_table_s_kinds_and_says_so(home, tmp_path, capsys):
    (tmp_path / "ds").mkdir()
    code, out, err = run(capsys, "label", "init", tmp_path / "ds", "--game", "nogizaka")
    assert code == 0, err
    assert names_of(tmp_path / "ds") == HOUSE
    assert HOUSE_LINE in err and "--shipped-rules" in err


def test_init_with_shipped_rules_takes_the_box_s_kinds_in_silence(home, tmp_path, capsys):
    (tmp_path / "ds").mkdir()
    code, out, err = run(capsys, "label", "init", tmp_path / "ds", "--game", "nogizaka", "--shipped-rules")
    assert code == 0, err
    assert names_of(tmp_path / "ds") == SHIPPED
    assert "house table" not in err


def test_check_of_a_dataset_kept_from_the_photo_page_finds_nothing(home, tmp_path, capsys):
    root = dataset(tmp_path / "ds", HOUSE, ("rarin", "sakura"))
    code, out, err = run(capsys, "label", "check", root)
    assert code == 0, out
    assert "sakura" not in out.split("problems:")[1] and "unknown-tile-kind" not in out
    assert HOUSE_LINE in err
    code, out, err = run(capsys, "label", "check", root, "--game", "nogizaka")
    assert code == 0 and "unknown-tile-kind" not in out


def test_check_with_shipped_rules_says_sakura_is_the_house_table_s(home, tmp_path, capsys):
    root = dataset(tmp_path / "ds", HOUSE, ("rarin", "sakura"))
    code, out, err = run(capsys, "label", "check", root, "--shipped-rules")
    (line,) = [line for line in out.splitlines() if "'sakura'" in line]
    assert line.lstrip().startswith("warning") and "house table" in line and "add it" not in line, line
    assert code == 0


@pytest.mark.parametrize("lang, words, wrong", [("en", "not in the table in use", "add it"),
                                                ("ja", "使用中の表にありません", "追加してください")])
def test_a_kind_the_house_table_dropped_is_a_warning_and_its_labels_stay(home, tmp_path, capsys, monkeypatch, lang,
                                                                         words, wrong):
    monkeypatch.setenv("TILELENS_LANG", lang)
    root = dataset(tmp_path / "ds", SHIPPED, ("rarin", "himetan"))
    label = (root / "labels/train/a.txt").read_text()
    code, out, err = run(capsys, "label", "check", root)
    (line,) = [line for line in out.splitlines() if "'himetan'" in line or "「himetan」" in line]
    assert words in line and wrong not in line, line
    assert code == 0, out  # a warning: the dataset is not broken
    code, out, err = run(capsys, "label", "init", root, "--game", "nogizaka")  # init again (photos added later)
    assert code == 0, err
    assert names_of(root) == SHIPPED and (root / "labels/train/a.txt").read_text() == label


def test_a_tile_of_the_house_table_is_no_kind_to_add(home, tmp_path, capsys):
    root = dataset(tmp_path / "ds", HOUSE, ("rarin", "sakura"))
    before = (root / "data.yaml").read_text()
    code, out, err = run(capsys, "label", "kinds", root, "--add", "sakura")
    assert code == 2 and "already one of this dataset's kinds" in err, err
    assert (root / "data.yaml").read_text() == before


@pytest.mark.parametrize("argv", [["label"], ["label", "init"], ["label", "check"], ["label", "kinds"]], ids=" ".join)
def test_label_lists_shipped_rules(home, capsys, argv):
    code, out, err = run(capsys, *argv, "--help")
    assert code in (0, None)
    assert "[--shipped-rules]" in out.split("\n\n", 1)[0], out[:400]
    assert any(line.lstrip().startswith("--shipped-rules") for line in out.splitlines()), out


def test_the_command_list_names_label_among_the_house_commands(home, capsys):
    code, out, err = run(capsys, "--help")
    house = out.split("house tables:", 1)[1]
    assert "label and synth take its tiles from it" in " ".join(house.split()), house


def test_what_enrols_in_the_label_command_keeps_the_box_s_table(home):
    """`label teach` and `audit --cross` run `tilelens enroll` in the command's process: under the router's house
    tables a tile set named its game by the file of the house table (which a later Save moves into its history)."""
    from scorer.catalog import house_tables, load_game
    from tilelens import cli
    from tilelens.labelling.cli import box_tables

    with house_tables(cli.HouseTables("label")):
        assert "sakura" in {t.id for t in load_game("nogizaka").tiles}
        with box_tables():
            assert Path(load_game("nogizaka").source) == GAMES_DIR / "nogizaka.toml"
