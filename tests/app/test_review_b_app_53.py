"""Session 53's review (b), the app side: a narrow laptop window is no phone (the keyboard's words are hidden where
the pointer is a finger only); the command that checks an event again is quoted as a shell takes it; a red five's
赤 mark is drawn on a riichi game's tiles only; a hand-edited report's tile without its seat or index draws."""
from __future__ import annotations

import io
import json
import shlex

import numpy as np
from PIL import Image

from app.components.common import DESKTOP, KEYBOARDLESS


def test_a_keyboardless_screen_is_told_by_its_pointer_not_its_width():
    """A laptop's window half a screen wide (640 css px or less) has its mouse and keyboard still."""
    assert KEYBOARDLESS == "(hover: none) and (pointer: coarse)"
    assert DESKTOP == "(hover: hover), (pointer: fine)"
    assert "width" not in KEYBOARDLESS + DESKTOP


def _event(folder, where):
    folder.mkdir(parents=True, exist_ok=True)
    from tilelens.event.trust import sealed

    (folder / "event.json").write_text(json.dumps(sealed({"event_dir": str(where), "game": "nogizaka",
                                                          "tables": [{"table": "t1"}]})), encoding="utf-8")


def test_the_command_that_checks_an_event_again_is_quoted(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "h"))
    from app.components.event_report_view import MANIFEST, kept_again
    from app.components.event_table_view import check_again

    home = tmp_path / "my home" / "event 1"
    _event(home, home)
    cmd = check_again(home, "nogizaka")
    assert shlex.split(cmd) == [f"TILELENS_HOME={tmp_path / 'h'}", "tilelens", "check", str(home), "--game",
                                "nogizaka"], cmd
    assert shlex.split(check_again(tmp_path / "none", None))[1:] == ["tilelens", "check", "EVENT_FOLDER", "--game",
                                                                     "GAME", "--out", str(tmp_path / "none")]
    (home / "t1").mkdir()
    (home / "t1" / MANIFEST).write_text("", encoding="utf-8")
    event = json.loads((home / "event.json").read_text(encoding="utf-8"))
    assert kept_again(event, home) == cmd
    assert kept_again(event, tmp_path) == ""  # another report folder


def _dark_corner(data: bytes) -> float:
    grey = np.asarray(Image.open(io.BytesIO(data)).convert("L"))
    h, w = grey.shape
    return float((grey[h - h // 4:, w - w // 3:] < 45).mean())


def test_the_red_five_mark_is_drawn_for_a_riichi_game_only():
    from app.components.resources import face_picture

    assert _dark_corner(face_picture("tokyo-mahjong", "0m", "", 52, riichi=True)) > 0.2
    # a Donjara game's tile named 0m (a house table's) is a name card, no mark
    assert _dark_corner(face_picture("nogizaka", "0m", "零", 52, riichi=False)) < 0.05


def test_a_tile_picture_is_asked_for_with_its_games_engine(monkeypatch):
    from app.components import resources, tiles
    from scorer import load_game

    asked = []
    monkeypatch.setattr(tiles, "face_picture", lambda *a, **k: asked.append((a, k)) or b"")
    tiles.picture(load_game("tokyo-mahjong"), "0m", 52)
    tiles.picture(load_game("nogizaka"), load_game("nogizaka").tiles[0].id, 52)
    assert [k.get("riichi") for _, k in asked] == [True, False], asked
    assert resources.face_picture.cache_info() is not None  # still lru_cached


def test_a_hand_edited_tile_without_its_seat_or_index_has_its_crop_drawn():
    from app.components.event_table_view import crop_alts

    report = {"game": "nogizaka"}
    alts = crop_alts([{"kind": "x", "crop": "a.png"}, {"seat": 2, "index": 0, "kind": "x", "crop": "b.png"}], report)
    assert len(alts) == 2 and all(isinstance(a, str) for a in alts), alts
