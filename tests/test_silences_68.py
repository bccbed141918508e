"""Two things a user met in silence.

- `tilelens ledger list` / `show` of a match whose game, added in the app, no longer loads (its file broken by hand,
  or gone) named the match by the game's id with no word of why: the game and what is wrong with its file (or where
  it was) are said once on standard error, in English and Japanese, and the matches still listed.
- Pre-labelling leaves out a box read as a kind the dataset's set does not have when no kind it has was a near guess
  (``prelabel.proposed_kind`` None): how many, of which kinds and in which photos is said, for a person to draw and
  name them (`tilelens label init`, and the Label page).
"""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml
from PIL import Image

from scorer import load_game
from test_small_faults_68 import FRUITS, house  # noqa: F401 - house: a fixture, a game added in the app
from tilelens.cli import main
from tilelens.labelling import prelabel
from tilelens.ledger import Ledger

REPO = Path(__file__).resolve().parents[1]


def run(capsys, monkeypatch, lang, *argv):
    monkeypatch.setenv("TILELENS_LANG", lang)
    try:
        code = main([str(a) for a in argv])
    except SystemExit as stopped:
        code = stopped.code
    out, err = capsys.readouterr()
    return code, out, err


# --- 1. a match of an added game that no longer loads ---

@pytest.fixture
def fruits(house, tmp_path):
    """Two matches of honba-fruits, a game added in the app, with a hand each: the game's file, the last match."""
    text = FRUITS.read_text(encoding="utf-8") + "\n[table]\nhonba = true\nkeep_on_dealer_win = true\n"
    game, path = house(text, "house-fruits", "honba-fruits")
    ledger = Ledger(tmp_path / "home" / "ledger.sqlite")
    for players in (["Ann", "Bo", "Cy"], ["Di", "Ed", "Flo"]):
        m = ledger.new_match(game, players)
        ledger.add_win(m, 0, "ron", {1: 10})
    return path, m


def _said(err: str) -> list[str]:
    return [line for line in err.splitlines() if "honba-fruits" in line]


@pytest.mark.parametrize("lang, words", [
    ("en", ["the game honba-fruits cannot be read, so its matches are named by its id",
            "honba-fruits.toml: not valid TOML"]),
    ("ja", ["ゲーム「honba-fruits」のファイルを読めないため、その対局はゲームの id で表示します",
            "honba-fruits.toml: TOML の書き方が正しくありません"])])
def test_a_game_whose_file_is_broken_is_said_once_and_its_matches_listed(fruits, capsys, monkeypatch, lang, words):
    path, m = fruits
    path.write_text(path.read_text(encoding="utf-8").replace("[payout]", "[payout\n", 1), encoding="utf-8")
    with pytest.raises(Exception):
        load_game("honba-fruits")
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "list")
    assert code == 0 and f"#{m}  honba-fruits  " in out and f"#{m - 1}  honba-fruits  " in out, out
    (line,) = _said(err)  # two matches of it: said once
    assert line.startswith("tilelens ledger: ") and all(w in line for w in words), line
    assert str(path) in line, line  # where the file is, to fix it
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "show", str(m))
    assert code == 0 and " · honba-fruits · " in out.splitlines()[0], out
    assert "Di" in out and "10" in out, out  # its hands still shown
    (line,) = _said(err)
    assert all(w in line for w in words), line


@pytest.mark.parametrize("lang, words", [
    ("en", ["the game honba-fruits is not on this laptop", "deleted, or its matches came from another laptop's ledger",
            "its matches are named by its id"]),
    ("ja", ["ゲーム「honba-fruits」はこのパソコンにありません", "ファイルがありません",
            "その対局はゲームの id で表示します"])])
def test_a_game_whose_file_is_gone_is_said_with_where_it_was(fruits, capsys, monkeypatch, lang, words):
    path, m = fruits
    path.unlink()
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "list")
    assert code == 0 and f"#{m}  honba-fruits  " in out, out
    (line,) = _said(err)
    assert all(w in line for w in words) and str(path) in line, line
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "show", str(m))
    assert code == 0 and "Di" in out and len(_said(err)) == 1, err


def test_a_game_that_loads_says_nothing(fruits, capsys, monkeypatch):
    _, m = fruits
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "list")
    assert code == 0 and not err and f"#{m}  honba-fruits Fruit Donjara (house game)  " in out, (out, err)


# --- 2. boxes left out by pre-labelling ---

TOKYO = tuple(t.id for t in load_game("tokyo-mahjong").tiles)


class DragonsReader:
    """Reads a 1m and two dragons whose likeliest kinds are all dragons (a set said to have none: left out)."""

    def read(self, image, source=None):
        h, w = image.shape[:2]

        def tile(i, kind):
            return SimpleNamespace(xyxy=(0.2 * i * w, 0.2 * h, (0.2 * i + 0.15) * w, 0.8 * h), kind=kind, is_back=False,
                                   alternatives=((kind, 0.8), ("6z", 0.1), ("7z", 0.05)))

        return SimpleNamespace(tiles=[tile(0, "1m"), tile(1, "5z"), tile(2, "7z")], other_game=False)


def _dataset(root: Path, photos: int) -> None:
    """A tokyo-mahjong dataset whose set has no dragons (data.yaml's absent), with ``photos`` loose photos."""
    root.mkdir(parents=True)
    data = {"path": ".", "train": "images/train", "val": "images/train", "names": dict(enumerate(TOKYO)),
            "game": "tokyo-mahjong", "absent": ["5z", "6z", "7z"]}
    (root / "data.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    for i in range(photos):
        Image.new("RGB", (200, 100), (10, 20 * i, 60)).save(root / f"IMG_{i}.jpg")


def test_the_boxes_left_out_are_counted_with_their_photos(tmp_path):
    root = tmp_path / "club"
    _dataset(root, 2)
    summary = prelabel.prelabel_folder(root, "tokyo-mahjong", reader=DragonsReader(), progress=False)
    assert summary.tiles == 2 and dict(summary.absent_as) == {"5z": "", "7z": ""}
    assert sorted(summary.left_out) == [("images/train/IMG_0.jpg", "5z"), ("images/train/IMG_0.jpg", "7z"),
                                        ("images/train/IMG_1.jpg", "5z"), ("images/train/IMG_1.jpg", "7z")]
    assert prelabel.left_out_line(summary, "en") == (
        "4 boxes left out, to draw and name yourself on the Label page: their tiles were read as 5z, 7z, which the "
        "set does not have, and no kind it has was a near guess (in IMG_0.jpg, IMG_1.jpg)")
    assert prelabel.left_out_line(summary, "ja") == (
        "4個の枠は下書きしていません。牌セットにない牌 (5z、7z) と読めて、セットにある近い候補もありませんでした "
        "(IMG_0.jpg、IMG_1.jpg)。ラベル付けのページで枠を描いて牌を選んでください")


def test_one_box_left_out_is_said_as_one_and_many_photos_are_cut_short():
    one = prelabel.PrelabelSummary(1, 1, 0, 0, left_out=(("images/train/a.jpg", "5z"),))
    assert prelabel.left_out_line(one, "en").startswith("1 box left out, to draw and name yourself on the Label "
                                                        "page: its tile was read as 5z, ")
    many = prelabel.PrelabelSummary(5, 5, 0, 0, left_out=tuple((f"images/train/p{i}.jpg", "5z") for i in range(5)))
    assert prelabel.left_out_line(many, "en").endswith("(in p0.jpg, p1.jpg, p2.jpg and 2 more photos)")
    assert prelabel.left_out_line(many, "ja").startswith("5個の枠") and "p2.jpg ほか2枚)" in \
        prelabel.left_out_line(many, "ja")
    assert prelabel.left_out_line(prelabel.PrelabelSummary(1, 1, 0, 3), "en") == ""  # none left out: nothing said


@pytest.mark.parametrize("lang, said", [("en", "2 boxes left out, to draw and name yourself on the Label page"),
                                        ("ja", "2個の枠は下書きしていません。")])
def test_label_init_says_the_boxes_left_out(tmp_path, monkeypatch, capsys, lang, said):
    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None, **_: DragonsReader())
    root = tmp_path / "club"
    _dataset(root, 1)
    code, out, err = run(capsys, monkeypatch, lang, "label", "init", root, "--game", "tokyo-mahjong")
    assert code == 0, err
    (line,) = [line for line in err.splitlines() if said in line]
    assert "IMG_0.jpg" in line, line


@pytest.mark.parametrize("lang, said", [
    ("en", "2 boxes left out, to draw and name yourself on the Label page: their tiles were read as 5z, 7z"),
    ("ja", "2個の枠は下書きしていません。牌セットにない牌 (5z、7z) と読めて")])
def test_the_label_page_says_the_boxes_left_out(tmp_path, monkeypatch, lang, said):
    from streamlit.testing.v1 import AppTest

    from app.components import resources

    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LEDGER", str(tmp_path / "ledger.sqlite"))
    for key in ("TILELENS_VISITOR", "TILELENS_LABEL_DIR", "TILELENS_SHARED_FOLDERS"):
        monkeypatch.delenv(key, raising=False)
    from app.settings import datasets_dir

    root = datasets_dir() / "club"
    _dataset(root, 2)
    prelabel.prelabel_folder(root, "tokyo-mahjong", reader=DragonsReader(), progress=False)
    (root / "labels" / "train" / "IMG_1.txt").unlink()  # a pre-labelling cut off: one photo left
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: DragonsReader())
    at = AppTest.from_file(str(REPO / "app" / "main.py"), default_timeout=60)
    at.query_params.update(dataset="club")
    at.run()
    at.session_state["lang"] = lang
    at.switch_page("views/label.py").run()
    at.button(key="label_prelabel_left").click().run()
    assert not at.exception, [e.value for e in at.exception]
    notes = [w.value for w in (*at.warning, *at.info) if said in w.value]
    assert len(notes) == 1 and "IMG_1.jpg" in notes[0] and "IMG_0.jpg" not in notes[0], notes
