"""Tile faces: every kind of every game renders in every style, faces are distinct and deterministic."""
from __future__ import annotations

import numpy as np
import pytest

from scorer.result import UnknownTileError
from vision.faces import face_styles, game_ids, render_back, render_face, synth_game
from vision.hk_split import HK_NAMES

GAMES = game_ids()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_kind_renders_in_every_style_and_kinds_differ(game_id):
    game = synth_game(game_id)
    for style in range(face_styles(game_id)):
        faces = {t.id: render_face(game_id, t.id, style, size=(30, 40)).astype(np.int16) for t in game.tiles}
        for face in faces.values():
            assert face.shape == (40, 30, 3)
            assert face.std() > 5, "a face must not be blank"
        ids = list(faces)
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                diff = np.abs(faces[a] - faces[b]).mean()
                # 5z (white dragon) is blank in Japanese styles; still its face must differ from others
                assert diff > 1.0, f"{game_id} style {style}: {a} and {b} look the same ({diff:.2f})"


def test_game_list_includes_every_scorer_game_and_hk():
    assert {"cinderella-neo", "nogizaka", "yokai-watch", "tokyo-mahjong", "hk-mahjong"} <= set(GAMES)


def test_hk_pseudo_game_has_the_real_sets_classes():
    ids = {t.id for t in synth_game("hk-mahjong").tiles}
    assert ids == set(HK_NAMES)


def test_faces_are_deterministic_and_cached_faces_are_not_shared():
    a = render_face("cinderella-neo", "shimamura-uzuki", 1)
    a[:] = 0  # callers may draw on what they get
    b = render_face("cinderella-neo", "shimamura-uzuki", 1)
    c = render_face("cinderella-neo", "shimamura-uzuki", 1)
    assert b.any() and np.array_equal(b, c)


def test_japanese_name_lookup_gives_the_same_face():
    by_name = render_face("cinderella-neo", "島村卯月")
    assert np.array_equal(by_name, render_face("cinderella-neo", "shimamura-uzuki"))


def test_styles_differ():
    faces = [render_face("tokyo-mahjong", "3p", s).astype(np.int16) for s in range(face_styles("tokyo-mahjong"))]
    for i in range(len(faces) - 1):
        assert np.abs(faces[i] - faces[i + 1]).mean() > 3


@pytest.mark.parametrize("style", range(4))
def test_red_fives_are_red(style):
    for suit in "mps":
        plain = render_face("tokyo-mahjong", f"5{suit}", style).astype(np.float32)
        red = render_face("tokyo-mahjong", f"0{suit}", style).astype(np.float32)
        redness = lambda f: float((f[:, :, 2] - f[:, :, :2].mean(axis=2)).clip(0).mean())  # noqa: E731
        assert redness(red) > redness(plain) + 2, f"0{suit} style {style} is not redder than 5{suit}"


def test_almighty_faces_differ_from_every_plain_face():
    for game_id in ("cinderella-neo", "nogizaka", "yokai-watch"):
        game = synth_game(game_id)
        almighty = [t for t in game.tiles if t.almighty]
        assert almighty, game_id
        for a in almighty:
            fa = render_face(game_id, a.id, 0, (30, 40)).astype(np.int16)
            for t in game.tiles:
                if t.id != a.id:
                    assert np.abs(fa - render_face(game_id, t.id, 0, (30, 40))).mean() > 5


def test_face_size_and_backs():
    assert render_face("nogizaka", "sayurin", 2, (75, 100)).shape == (100, 75, 3)
    backs = [render_back(g, s, (30, 40)) for g in GAMES for s in range(2)]
    assert all(b.shape == (40, 30, 3) and b.dtype == np.uint8 for b in backs)


def test_unknown_tile_is_a_clear_error():
    with pytest.raises(UnknownTileError, match="zz"):
        render_face("tokyo-mahjong", "zz")
    with pytest.raises(UnknownTileError):
        render_face("hk-mahjong", "0m")  # red fives are not in the Hong Kong set
