"""What the tests of a club's own Nogizaka share (tests/vision/test_club_reading_54.py,
tests/vision/test_house_kinds_reader_54.py, tests/tilelens/test_label_club_54.py, and the house-table command tests
test_japanese_reread_cli_54.py, test_old_house_edits_cli_54.py, test_label_house_table_cli_54.py): Nogizaka's table
with new members in the place of old ones, a home whose nogizaka table was edited in the app, a club's copy added
under its own id, a rendered photo of a hand, and a tile set naming the classes a test chooses. The tests in
tests/vision import it with this folder put on ``sys.path`` (as tests/event does for test_event_support)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import cv2

from scorer import catalog

NOGIZAKA = Path(catalog.GAMES_DIR) / "nogizaka.toml"
MODELS = Path(__file__).resolve().parents[2] / "models"
# an old member -> the new member in her place (id, Japanese and English names), and the old member's names
NEW = {"himetan": ("sakura", "さくら", "Sakura"), "miria": ("tsubaki", "つばき", "Tsubaki"),
       "maimai": ("nana", "なな", "Nana"), "rarin": ("mei", "めい", "Mei"), "ashu": ("riko", "りこ", "Riko")}
NEW_NAMES = {"himetan": ("ひめたん", "Himetan"), "miria": ("みり愛", "Miria"), "maimai": ("まいまい", "Maimai"),
             "rarin": ("らりん", "Rarin"), "ashu": ("あしゅ", "Ashu")}


def table(game_id: str = "nogizaka", members: tuple[str, ...] = ("himetan",)) -> str:
    """Nogizaka's file under ``game_id``, each of ``members`` replaced by a new member (``NEW``) of her colour."""
    text = NOGIZAKA.read_text(encoding="utf-8")
    if game_id != "nogizaka":
        text = text.replace('id = "nogizaka"', f'id = "{game_id}"', 1)
    for old in members:
        new, ja, en = NEW[old]
        old_ja, old_en = NEW_NAMES[old]
        for a, b in ((f'id = "{old}"', f'id = "{new}"'), (f'name_ja = "{old_ja}"', f'name_ja = "{ja}"'),
                     (f'name_en = "{old_en}"', f'name_en = "{en}"'), (f'member = "{old}"', f'member = "{new}"')):
            assert text.count(a) == 1, a
            text = text.replace(a, b)
    return text


def older_table() -> str:
    """A nogizaka edit as saved by a tilelens older than the record of the box it was made from (no record of the box
    it copied; one point changed, 60 to 70)."""
    return NOGIZAKA.read_text(encoding="utf-8").replace("points = 60\n", "points = 70\n", 1)


def edited_home(tmp_path: Path, monkeypatch, text: str, *, added: bool = True, chdir: bool = True,
                name: str = "0123abcd.toml") -> Path:
    """``tmp_path/home`` as ``TILELENS_HOME``, its nogizaka table edited in the app (``text`` saved as ``name``).
    ``added``: its games/_added folder made and known as the command line knows it (else no added game is known);
    ``chdir``: the test runs in ``tmp_path``."""
    home = tmp_path / "home"
    monkeypatch.setenv("TILELENS_HOME", str(home))
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [home / "games" / "_added"] if added else [])
    if chdir:
        monkeypatch.chdir(tmp_path)
    if added:
        (home / "games" / "_added").mkdir(parents=True)
    edit = home / "games" / "nogizaka" / name
    edit.parent.mkdir(parents=True)
    edit.write_text(text, encoding="utf-8")
    return home


def club(home: Path, game_id: str = "nogi-club", members: tuple[str, ...] = ("himetan",)) -> Path:
    """A club's copy of Nogizaka added in the app under its own id, ``members`` replaced by new ones."""
    path = home / "games" / "_added" / f"{game_id}.toml"
    path.write_text(table(game_id, members), encoding="utf-8")
    return path


def rendered_photo(tmp_path_factory, hand: list[str]) -> Path:
    """A rendered photo of a Nogizaka ``hand`` drawn from the box's table (for a module's fixture)."""
    from vision.synth import render_hand

    path = tmp_path_factory.mktemp("photo") / "hand.png"
    cv2.imwrite(str(path), render_hand("nogizaka", hand, seed=0, effects=0.0).image)
    return path


def set_naming(models: Path, name: str, game: str, classes: list[str]) -> Path:
    """A tile set ``name`` taught for ``game`` (its ``tileset.json``'s ``game``; "" for none) whose classifier names
    ``classes``: nogizaka's shipped model under a spec naming those classes."""
    folder = models / "tilesets" / name
    folder.mkdir(parents=True)
    shutil.copy(MODELS / "classifier-nogizaka.onnx", folder / "classifier.onnx")
    spec = json.loads((MODELS / "classifier-nogizaka.json").read_text(encoding="utf-8"))
    spec["classes"] = classes
    (folder / "classifier.json").write_text(json.dumps(spec), encoding="utf-8")
    meta = {"name": name, "game": game, "classifier": "classifier.onnx", "detector": None, "kinds": classes}
    (folder / "tileset.json").write_text(json.dumps(meta), encoding="utf-8")
    return folder
