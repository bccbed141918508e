"""Synthetic scenes: exact labels, every layout, determinism, datasets, the CLI."""
from __future__ import annotations

import json

import cv2
import numpy as np
import pytest
import yaml

from scorer.result import TilelensInputError, UnknownTileError
from tilelens.cli import main as tilelens_main
from vision.faces import synth_game
from vision.synth import Layout, make_dataset, render_hand
from vision.synth.compose import LayoutError
from vision.synth.compose import compose
from vision.synth.dataset import rectify, render_scene
from vision.synth.geometry import clip_near
from vision.synth.textures import front_texture

MAHJONG_HAND = "1m 2m 3m 4p 5p 0p 7s 8s 9s 1z 1z 5z 6z 7z".split()
DONJARA_HAND = ["shimamura-uzuki", "nakano-yuka", "mizumoto-yukari", "almighty-cute", "almighty-cool",
                "almighty-passion", "島村卯月", "nakano-yuka", "mizumoto-yukari"]


@pytest.mark.parametrize("layout", [l.value for l in Layout])
@pytest.mark.parametrize("game_id,hand", [("tokyo-mahjong", MAHJONG_HAND), ("cinderella-neo", DONJARA_HAND)])
def test_exact_hand_every_layout_labels_every_tile(game_id, hand, layout):
    scene = render_hand(game_id, hand, seed=3, layout=layout, imgsz=320)
    want = sorted(synth_game(game_id).tile(t).id for t in hand)
    assert sorted(t.tile_id for t in scene.tiles) == want
    assert scene.image.shape == (320, 320, 3) and scene.image.dtype == np.uint8
    for t in scene.tiles:
        assert not t.is_back
        x0, y0, x1, y1 = t.xyxy
        assert 0 <= x0 < x1 <= 320 and 0 <= y0 < y1 <= 320


@pytest.mark.parametrize("game_id", ["cinderella-neo", "nogizaka", "yokai-watch", "tokyo-mahjong", "hk-mahjong"])
def test_every_kind_of_every_game_appears_in_a_scene(game_id):
    kinds = [t.id for t in synth_game(game_id).tiles]
    scene = render_hand(game_id, kinds, seed=1, layout="grid", imgsz=640, effects=0)
    assert sorted(t.tile_id for t in scene.tiles) == sorted(kinds)


@pytest.mark.parametrize("layout", [l.value for l in Layout])
def test_a_hand_photo_shows_every_tile_whole_and_inside_the_frame(layout):
    for seed in range(8):
        scene = render_hand("tokyo-mahjong", MAHJONG_HAND, seed=seed, layout=layout, imgsz=128, effects=0)
        assert len(scene.tiles) == len(MAHJONG_HAND), (layout, seed)
        for t in scene.tiles:
            x0, y0, x1, y1 = t.xyxy
            assert 0 < x0 and 0 < y0 and x1 < 128 and y1 < 128, (layout, seed, t.tile_id, t.xyxy)
            assert t.visible > 0.4, (layout, seed, t.tile_id, t.visible)  # a rack bar hides feet


@pytest.mark.parametrize("seed", range(6))
def test_boxes_are_the_tight_boxes_of_each_tiles_pixels(seed):
    """Every label box equals the bounding box of the pixels the tile covers in the id mask, and the
    face corners (independent geometry) lie inside the box when the face is fully visible; only the
    rounded corners of a tile may fall a little outside."""
    scene = render_scene("tokyo-mahjong", seed, 0, 320)
    assert scene.tiles and scene.mask is not None
    for t in scene.tiles:
        ys, xs = np.nonzero(scene.mask == t.mask_id)
        assert (xs.min(), ys.min(), xs.max() + 1, ys.max() + 1) == tuple(int(v) for v in t.xyxy)
        if t.face_visible and t.visible > 0.97:
            inside = (t.corners[:, 0] >= 0).all() and (t.corners[:, 1] >= 0).all() and \
                (t.corners[:, 0] <= 320).all() and (t.corners[:, 1] <= 320).all()
            if inside:
                x0, y0, x1, y1 = t.xyxy
                c = t.corners
                tol = 1.5 + 0.15 * float(np.linalg.norm(c[1] - c[0]))  # corner radius ~ 12% of the width
                assert c[:, 0].min() >= x0 - tol and c[:, 0].max() <= x1 + tol
                assert c[:, 1].min() >= y0 - tol and c[:, 1].max() <= y1 + tol
                # and the box is not much larger than the tile: its face is a large part of it
                assert (x1 - x0) * (y1 - y0) < 6 * cv2.contourArea(c.astype(np.float32)) + 50


def _gray(im: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(np.ascontiguousarray(im[:, :, :3]), cv2.COLOR_BGR2GRAY).astype(np.float32)


def _corr(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.corrcoef(a.ravel(), b.ravel())[0, 1])


@pytest.mark.parametrize("seed", range(4))
def test_face_boxes_are_the_tight_boxes_of_the_visible_faces_inside_the_tile_boxes(seed):
    scene = render_scene("cinderella-neo", seed, 1, 320)
    for t in scene.tiles:
        assert t.box("tile") == t.xyxy
        if t.face_xyxy is None:
            assert not (scene.face_mask == t.mask_id).any()
            continue
        ys, xs = np.nonzero(scene.face_mask == t.mask_id)
        assert (xs.min(), ys.min(), xs.max() + 1, ys.max() + 1) == tuple(int(v) for v in t.face_xyxy)
        fx0, fy0, fx1, fy1 = t.face_xyxy
        x0, y0, x1, y1 = t.xyxy
        assert x0 <= fx0 < fx1 <= x1 and y0 <= fy0 < fy1 <= y1


def test_standing_tiles_seen_from_above_have_face_boxes_below_their_tops():
    scene = render_hand("tokyo-mahjong", MAHJONG_HAND[:5], seed=3, layout="rack", imgsz=320, effects=0)
    assert scene.settings["elevation_deg"] > 10
    for t in scene.tiles:
        assert t.face_xyxy[1] > t.xyxy[1] + 2  # the top of the tile shows above its face


def test_faces_behind_a_racks_lip_are_not_readable():
    # A rack seen from low down on the right: the lip hides more and more of the last faces.
    hand = ["6s", "9m", "1p", "3s", "6p", "5s", "1s", "1z", "2m", "1m", "6m", "9s", "1s", "1p"]
    scene = render_hand("tokyo-mahjong", hand, seed=80032, layout="rack", imgsz=320)
    shown = [t.face_shown for t in scene.tiles]
    assert [t.readable for t in scene.tiles] == [True] * 11 + [False] * 3
    assert shown[-1] < shown[-2] < shown[-3] < 0.5 < min(shown[:11])
    for t in scene.tiles:  # the share of the face's outline that its pixels fill
        area = cv2.contourArea(t.corners.astype(np.float32))
        assert t.face_shown == pytest.approx(min((scene.face_mask == t.mask_id).sum() / area, 1.0), abs=2e-3)
    assert all(t.visible > 0.4 for t in scene.tiles)  # the tiles themselves still show: a detector finds them


def test_dataset_face_boxes(tmp_path):
    tile = make_dataset("nogizaka", 3, tmp_path / "t", seed=2, imgsz=128, val_fraction=0, workers=1,
                        progress=False)
    face = make_dataset("nogizaka", 3, tmp_path / "f", seed=2, imgsz=128, val_fraction=0, workers=1,
                        progress=False, box="face")
    assert "--box face" in (face.parent / "CARD.md").read_text()
    for img in sorted((tile.parent / "images" / "train").glob("*.jpg")):
        twin = face.parent / "images" / "train" / img.name
        assert np.array_equal(cv2.imread(str(img)), cv2.imread(str(twin)))
    area = lambda p: sum(float(r.split()[3]) * float(r.split()[4])  # noqa: E731
                         for f in sorted(p.glob("*.txt")) for r in f.read_text().splitlines())
    assert area(face.parent / "labels" / "train") < area(tile.parent / "labels" / "train")
    with pytest.raises(TilelensInputError, match="box"):
        make_dataset("nogizaka", 1, tmp_path / "x", imgsz=128, workers=1, progress=False, box="body")


def test_face_centres_show_the_face_and_belong_to_their_tile():
    """With effects off, the centre of each white dragon's face shows its pale blank face, and the id mask
    there names that tile."""
    scene = render_hand("tokyo-mahjong", ["5z"] * 3, seed=5, layout="flat", imgsz=320, style=1, effects=0)
    assert len(scene.tiles) == 3
    for t in scene.tiles:
        cx, cy = t.corners.mean(axis=0)
        patch = scene.image[int(cy) - 2:int(cy) + 3, int(cx) - 2:int(cx) + 3].reshape(-1, 3).astype(np.float32)
        assert patch.mean() > 90 and np.ptp(patch.mean(axis=0)) < 60, patch.mean(axis=0)
        assert scene.mask[int(cy), int(cx)] == t.mask_id


def test_faces_are_never_mirrored():
    """A rectified crop of a clean top-down render matches the face, not its mirror image."""
    scene = render_hand("cinderella-neo", ["shimamura-uzuki"], seed=2, layout="flat", imgsz=480, style=0, effects=0)
    crop = _gray(rectify(scene.image, scene.tiles[0].corners, (90, 120)))
    tex = _gray(cv2.resize(front_texture("cinderella-neo", "shimamura-uzuki", 0), (90, 120)))
    direct, mirrored = _corr(crop, tex), _corr(crop, tex[:, ::-1])
    assert direct > 0.85 and direct > mirrored + 0.15, (direct, mirrored)


@pytest.mark.parametrize("seed", [1, 4])
def test_rectified_crops_are_upright_whatever_the_tiles_rotation(seed):
    """Scattered tiles lie at any angle (some upside down); their face corners still run TL, TR, BR, BL of
    the picture, so a rectified crop matches the face upright, not turned half round."""
    hand = ["shimamura-uzuki", "nakano-yuka", "almighty-cool"]
    scene = render_hand("cinderella-neo", hand, seed=seed, layout="scattered", imgsz=640, style=2, effects=0)
    assert len(scene.tiles) == 3
    turns = [abs(np.degrees(np.arctan2(*(t.corners[1] - t.corners[0])[::-1]))) for t in scene.tiles]
    assert max(turns) > 100, "the scene must hold a tile turned past 90 degrees"
    for t in scene.tiles:
        crop = _gray(rectify(scene.image, t.corners, (90, 120)))
        tex = _gray(cv2.resize(front_texture("cinderella-neo", t.tile_id, 2), (90, 120)))
        assert _corr(crop, tex) > _corr(crop, tex[::-1, ::-1]) + 0.1, t.tile_id


def test_scenes_are_deterministic_and_seeds_differ():
    a = render_hand("nogizaka", ["sayurin", "maimai", "sayurin"], seed=7, layout="scattered", imgsz=256)
    b = render_hand("nogizaka", ["sayurin", "maimai", "sayurin"], seed=7, layout="scattered", imgsz=256)
    c = render_hand("nogizaka", ["sayurin", "maimai", "sayurin"], seed=8, layout="scattered", imgsz=256)
    assert np.array_equal(a.image, b.image) and [t.xyxy for t in a.tiles] == [t.xyxy for t in b.tiles]
    assert not np.array_equal(a.image, c.image)
    d1, d2 = render_scene("yokai-watch", 1, 4, 256), render_scene("yokai-watch", 2, 4, 256)
    assert not np.array_equal(d1.image, d2.image)
    # two games' sets made with one seed do not share the same cameras and tables
    n1, y1 = render_scene("nogizaka", 1, 4, 256), render_scene("yokai-watch", 1, 4, 256)
    assert n1.settings["camera_f"] != y1.settings["camera_f"]


def test_training_scenes_have_backs_and_yolo_lines_are_normalised():
    backs = extras = 0
    for i in range(12):
        scene = render_scene("hk-mahjong", 0, i, 256)
        backs += sum(t.is_back for t in scene.tiles)
        extras += sum(not t.in_hand for t in scene.tiles)
        for line, t in zip(scene.yolo_lines(), scene.tiles):
            cls, *vals = line.split()
            assert int(cls) == (1 if t.is_back else 0)
            assert all(0.0 <= float(v) <= 1.0 for v in vals)
    assert backs > 0 and extras > 0  # walls, discards and opponents' tiles are labelled too
    scene = render_hand("tokyo-mahjong", ["1m", "2m"], seed=0, imgsz=128)
    assert all(t.in_hand for t in scene.tiles)


def test_near_plane_clipping_keeps_the_part_in_front():
    square = np.array([[0, 0, 0], [10, 0, 0], [10, 10, 0], [0, 10, 0]], np.float64)
    depth = np.array([-5.0, 5.0, 5.0, -5.0])  # left half behind the camera
    clipped = clip_near(square, depth, 0.0)
    assert len(clipped) == 4
    assert np.allclose(sorted(clipped[:, 0]), [5, 5, 10, 10])
    assert len(clip_near(square, np.full(4, -1.0), 0.0)) == 0


@pytest.mark.filterwarnings("error::RuntimeWarning")
def test_training_scenes_render_without_numeric_warnings():
    """Long props (table edges) can reach behind the camera: they are clipped, never cast to garbage."""
    for i in range(40):
        scene = render_scene("tokyo-mahjong", 9, i, 128)
        assert np.isfinite(np.array([t.xyxy for t in scene.tiles])).all()


@pytest.mark.parametrize("layout", ["rack", "flat"])
def test_called_melds_lie_face_up_right_of_the_hand_with_a_closed_kans_ends_face_down(layout):
    hand = "1m 2m 3m 4p 5p 6p 7s 7s".split()
    scene = render_hand("tokyo-mahjong", hand, seed=6, layout=layout, imgsz=480, effects=0,
                        melds=["chi:345s", "ankan:0555m"])
    assert scene.settings["melds"] == ["chi:345s", "ankan:0555m"]
    assert [t.tile_id for t in scene.tiles] == hand + ["3s", "4s", "5s", "0m", "5m", "5m", "5m"]
    assert [t.is_back for t in scene.tiles[8:]] == [False] * 3 + [True, False, False, True]
    right_of_hand = max(t.xyxy[2] for t in scene.tiles[:8])
    assert all(t.xyxy[0] > right_of_hand - 2 for t in scene.tiles[8:])  # laid at the hand's right
    with pytest.raises(TilelensInputError, match="no called melds"):
        render_hand("yokai-watch", ["yokai-01"] * 3, melds=["pon:555z"])
    with pytest.raises(TilelensInputError, match="pon"):
        render_hand("tokyo-mahjong", hand, melds=["pon:123m"])


def test_an_open_kan_is_laid_four_in_a_row_or_as_an_added_kan_with_its_fourth_tile_beyond_the_called_one():
    hand = "1m 2m 3m 4p 5p 6p 7s 7s 1z 1z 1z".split()

    def kan_boxes(seed):
        scene = render_hand("tokyo-mahjong", hand, seed=seed, layout="flat", imgsz=480, effects=0,
                            melds=["kan:7777p"])
        assert scene.settings["melds"] == ["kan:7777p"] and [t.tile_id for t in scene.tiles[11:]] == ["7p"] * 4
        return np.array([t.xyxy for t in scene.tiles[11:]])

    def above_the_row(boxes):
        cy, height = (boxes[:, 1] + boxes[:, 3]) / 2, boxes[:, 3] - boxes[:, 1]
        return [i for i in range(4) if np.median(cy) - cy[i] > 0.5 * np.median(height)]

    row = kan_boxes(0)
    assert above_the_row(row) == []  # four in a row
    added = kan_boxes(2)
    [beyond] = above_the_row(added)
    others = np.delete(added, beyond, axis=0)
    assert others[:, 0].min() < (added[beyond, 0] + added[beyond, 2]) / 2 < others[:, 2].max()  # over the row


def test_unknown_tile_and_bad_layout_are_clear_errors():
    with pytest.raises(UnknownTileError, match="9z"):
        render_hand("tokyo-mahjong", ["1m", "9z"])
    with pytest.raises(TilelensInputError, match="layout"):
        render_hand("tokyo-mahjong", ["1m"], layout="pyramid")
    with pytest.raises(TilelensInputError):
        render_hand("tokyo-mahjong", [])


def test_make_dataset_layout_and_worker_independence(tmp_path):
    one = tmp_path / "one"
    two = tmp_path / "two"
    make_dataset("tokyo-mahjong", 6, one, seed=4, imgsz=128, val_fraction=0.34, workers=1, progress=False)
    yaml_path = make_dataset("tokyo-mahjong", 6, two, seed=4, imgsz=128, val_fraction=0.34, workers=2,
                             progress=False)
    data = yaml.safe_load(yaml_path.read_text())
    assert data["names"] == {0: "tile", 1: "back"} and data["train"] == "images/train"
    assert data["val"] == "images/val" and "path" not in data
    for split, n in (("train", 4), ("val", 2)):
        images = sorted((two / "images" / split).glob("*.jpg"))
        labels = sorted((two / "labels" / split).glob("*.txt"))
        assert len(images) == len(labels) == n
    for img in sorted((two / "images").rglob("*.jpg")):
        assert np.array_equal(cv2.imread(str(img)), cv2.imread(str(one / img.relative_to(two))))
    index = [json.loads(line) for line in (two / "crops" / "index.jsonl").read_text().splitlines()]
    assert index and all((two / r["crop"]).exists() and r["tile_id"] for r in index)
    assert all(cv2.imread(str(two / r["crop"])).shape == (128, 96, 3) for r in index)
    assert (two / "CARD.md").read_text().count("seed: 4") == 1
    kinds = yaml.safe_load((two / "kinds" / "data.yaml").read_text())
    names = [kinds["names"][i] for i in sorted(kinds["names"])]
    assert names == [t.id for t in synth_game("tokyo-mahjong").tiles]
    kind_labels = sorted((two / "kinds" / "labels").rglob("*.txt"))
    assert len(kind_labels) == 6 and len(list((two / "kinds" / "images").rglob("*.jpg"))) == 6
    rows = [ln.split() for f in kind_labels for ln in f.read_text().splitlines()]
    assert rows and all(0 <= int(r[0]) < len(names) for r in rows)
    # every kind label is a face box of the detection labels of the same photo
    for f in kind_labels:
        det = (two / "labels" / f.parent.name / f.name).read_text().splitlines()
        det_boxes = {tuple(ln.split()[1:]) for ln in det if ln.startswith("0 ")}
        assert all(tuple(ln.split()[1:]) in det_boxes for ln in f.read_text().splitlines())


def test_make_dataset_replaces_an_earlier_set_and_refuses_other_folders(tmp_path):
    out = tmp_path / "set"
    make_dataset("yokai-watch", 5, out, seed=1, imgsz=64, val_fraction=0.0, workers=1, progress=False)
    make_dataset("yokai-watch", 2, out, seed=1, imgsz=64, val_fraction=0.0, workers=1, progress=False)
    assert len(list((out / "images").rglob("*.jpg"))) == 2  # no stale photos of the larger run
    other = tmp_path / "mine"
    other.mkdir()
    (other / "notes.txt").write_text("keep me")
    with pytest.raises(TilelensInputError, match="not empty"):
        make_dataset("yokai-watch", 2, other, imgsz=64, workers=1, progress=False)
    assert (other / "notes.txt").read_text() == "keep me"
    with pytest.raises(TilelensInputError, match="count"):
        make_dataset("yokai-watch", 0, tmp_path / "none", imgsz=64, workers=1, progress=False)
    with pytest.raises(TilelensInputError, match="imgsz"):
        make_dataset("yokai-watch", 1, tmp_path / "none", imgsz=100, workers=1, progress=False)


def test_hk_kind_view_uses_the_real_sets_class_order():
    from vision.hk_split import HK_NAMES
    from vision.synth.dataset import kind_names

    assert kind_names("hk-mahjong") == list(HK_NAMES)


def test_cli_single_photo_and_errors(tmp_path, capsys):
    out = tmp_path / "hand.jpg"
    rc = tilelens_main(["synth", "--game", "tokyo-mahjong", "--hand", "1m", "一萬", "5z", "--out", str(out),
                        "--layout", "flat", "--imgsz", "256"])
    assert rc == 0 and cv2.imread(str(out)).shape == (256, 256, 3)
    assert "1m" in capsys.readouterr().out
    rc = tilelens_main(["synth", "--game", "tokyo-mahjong", "--hand", "1m", "nope", "--out", str(out)])
    err = capsys.readouterr().err
    assert rc == 2 and "nope" in err and "Traceback" not in err
    rc = tilelens_main(["synth", "--game", "tokyo-mahjong", "--out", str(out)])
    assert rc == 2 and "--count" in capsys.readouterr().err
    rc = tilelens_main(["synth", "--game", "no-such-game", "--hand", "1m", "--out", str(out)])
    assert rc == 2
    capsys.readouterr()
    rc = tilelens_main(["synth", "--game", "tokyo-mahjong", "--hand", "1m", "--out", str(out), "--imgsz", "10"])
    err = capsys.readouterr().err
    assert rc == 2 and "Traceback" not in err and "imgsz" in err
    for what in (["--hand", "1m", "--out", str(out), "--seed", "-1"],  # argparse's usage error, as --count 0
                 ["--count", "2", "--seed", "-5", "--out", str(tmp_path / "neg")]):
        with pytest.raises(SystemExit) as exc:
            tilelens_main(["synth", "--game", "tokyo-mahjong", *what])
        err = capsys.readouterr().err
        assert exc.value.code == 2 and err.startswith("usage: tilelens synth")
        assert "tilelens synth: error: argument --seed: must be 0 or more" in err.splitlines()[-1]
    assert not (tmp_path / "neg").exists()


def test_contact_sheet(tmp_path, monkeypatch):
    real = tmp_path / "real" / "images"
    real.mkdir(parents=True)
    for i in range(12):  # the sheet takes photos from the enrolment part of the split
        cv2.imwrite(str(real / f"photo{i}.jpg"), np.full((64, 64, 3), 90 + i, np.uint8))
    monkeypatch.setenv("TILELENS_HK_DIR", str(tmp_path / "real"))
    out = tmp_path / "sheet.png"
    assert tilelens_main(["contact-sheet", "--out", str(out), "--rows", "1", "--cols", "2", "--thumb", "64"]) == 0
    sheet = cv2.imread(str(out))
    assert sheet.shape == (64, 64 * 4 + 16, 3)


def test_module_examples():
    import doctest

    import vision.faces
    import vision.synth

    for module in (vision.synth, vision.faces):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_compose_accepts_a_generator():
    rng = np.random.default_rng(1)
    scene = compose("yokai-watch", ["yokai-01", "almighty"], rng, Layout.RACK, 128, extras=False)
    assert {t.tile_id for t in scene.tiles} <= {"yokai-01", "almighty"}


def _stripes(period: int = 4) -> np.ndarray:
    """A BGRA texture of black horizontal lines one texel thin on white, one row in ``period``."""
    tex = np.full((160, 120, 4), 255, np.uint8)
    tex[::period, :, :3] = 0
    return tex


@pytest.mark.parametrize("shift", [0.0, 0.25, 0.5, 0.75])
def test_a_shrunk_texture_keeps_every_thin_stroke_as_grey_whatever_its_sub_pixel_position(shift):
    # A camera's pixel gathers the light over its area: lines one texel thin, seen 8 times smaller, darken
    # every pixel row a little. Sampling the texture at pixel centres only would show some lines as black
    # rows and drop the others (三 drawn as 二), by where the tile happens to fall.
    from vision.synth.render import warp_minified

    tex = _stripes()  # 8 texel rows a pixel row: two lines in each
    w, h = 15, 20
    quad = np.array([[0, shift], [w, shift], [w, h + shift], [0, h + shift]], np.float64)
    rows = warp_minified(tex, quad, (w, h + 1))[2:h - 2, 2:w - 2, 0].astype(np.float64).mean(axis=1)
    assert np.all(np.abs(rows - 255 * 6 / 8) < 255 * 0.06), rows.round()


def test_supersampling_follows_how_much_the_face_is_shrunk_along_its_most_squeezed_side():
    from vision.synth.render import MAX_SUPERSAMPLE, supersampling

    def quad(w, h):
        return np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)

    assert supersampling((120, 160), quad(120, 160)) == 1  # drawn at its own size
    assert supersampling((120, 160), quad(40, 160)) == 3  # 3 texels a pixel across: samples a texel apart
    assert supersampling((120, 160), quad(40, 32)) == 5  # seen steeply: 5 texels a pixel down
    assert supersampling((120, 160), quad(2, 2)) == MAX_SUPERSAMPLE


def test_a_fine_table_weave_seen_from_afar_is_drawn_from_a_halved_texture_with_the_same_mapping():
    from vision.synth.render import mip_level

    tex = np.zeros((512, 512, 3), np.uint8)
    tex[::2, ::2] = tex[1::2, 1::2] = 255  # a one-texel checkerboard: moire if point-sampled when shrunk
    H = np.array([[1 / 6, 0, 10], [0, 1 / 6, 20], [0, 0, 1]])  # texture -> image, 6 texels a pixel
    small, H2 = mip_level(tex, H, (320, 320))
    assert small.shape[:2] == (128, 128)  # halved twice: 1.5 texels a pixel left, which bilinear averages
    assert abs(float(small.mean()) - 127.5) < 3 and float(small.std()) < 20  # the weave is grey, not stripes
    # the same image point for a texel of either texture
    p, p2 = H @ (100.0, 60.0, 1.0), H2 @ (25.0, 15.0, 1.0)
    assert np.allclose(p[:2] / p[2], p2[:2] / p2[2])
    same, H3 = mip_level(tex, np.eye(3), (320, 320))  # drawn at its own size: untouched
    assert same is tex and np.array_equal(H3, np.eye(3))


def test_span_sets_how_much_of_the_photo_the_hand_fills():
    """``span``: a hand photographed from a distance (the reader's zoom is measured on such photos)."""
    hand = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z", "5z", "5z"]
    for lo, hi in ((0.3, 0.3), (0.6, 0.6)):
        scene = render_hand("tokyo-mahjong", hand, seed=2, layout="rack", imgsz=400, span=(lo, hi), effects=0)
        boxes = np.array([t.xyxy for t in scene.tiles])
        assert lo - 0.08 <= np.ptp(np.r_[boxes[:, 0], boxes[:, 2]]) / 400 <= hi + 0.02
    for bad in ((0.5, 0.3), (0.0, 0.2), (0.3, 2.0)):
        with pytest.raises(LayoutError, match="span must be"):
            render_hand("tokyo-mahjong", hand, seed=2, imgsz=128, span=bad)


@pytest.mark.parametrize("style", [-1, 4, 99])
def test_a_face_style_the_set_does_not_have_is_refused(style):
    """Styles past the last wrapped round (99 drew style 3) without a word."""
    with pytest.raises(LayoutError, match="style must be 0 to 3 for tokyo-mahjong"):
        render_hand("tokyo-mahjong", ["1m"], seed=2, imgsz=128, style=style)


def _ray_cast_owners(items, ids, cam, h, w):
    """Which box each pixel centre's ray meets first (0: none): the exact picture painting must match."""
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float64)
    rays = np.stack([(xs - cam.cx) / cam.fx, (ys - cam.cy) / cam.fy, np.ones_like(xs)], -1).reshape(-1, 3) @ cam.R
    best, owner = np.full(len(rays), np.inf), np.zeros(len(rays), np.int32)
    for item, mask_id in zip(items, ids):
        box = item.box
        axes = np.stack([box.u, box.v, box.n])
        origin, direction, half = axes @ (cam.pos - box.centre), rays @ axes.T, np.array(box.half)
        with np.errstate(divide="ignore", invalid="ignore"):
            t1, t2 = (-half - origin) / direction, (half - origin) / direction
        near, far = np.nanmax(np.minimum(t1, t2), 1), np.nanmin(np.maximum(t1, t2), 1)
        t = np.where(near > 0, near, far)
        closer = (far >= near) & (far > 0) & (t < best)
        best[closer], owner[closer] = t[closer], mask_id
    return owner.reshape(h, w)


def test_tiles_are_painted_as_a_camera_sees_them_not_over_the_tiles_and_rack_in_front(monkeypatch):
    """Painting by each box's centre depth put a tile's side over its neighbour's face seen from one end of
    a row, and tiles over the rack bar in front of their feet (1.7% of the tile pixels of rack and flat
    hands): the painted id mask now matches a ray cast of the same boxes."""
    import cv2

    import vision.synth.compose as compose
    from vision.synth import render_hand

    drawn = {}
    paint = compose.draw_items

    def keep(img, mask, items, ids, look, cam, light, rng):
        paint(img, mask, items, ids, look, cam, light, rng)
        drawn.update(items=items, ids=ids, cam=cam, mask=mask[:, :, 0].copy())

    monkeypatch.setattr(compose, "draw_items", keep)
    wrong = tiles = 0
    for seed in range(70000, 70006):
        render_hand("tokyo-mahjong", "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split(), seed=seed,
                    layout=("rack", "flat")[seed % 2], imgsz=256, effects=0.0)
        owners = _ray_cast_owners(drawn["items"], drawn["ids"], drawn["cam"], *drawn["mask"].shape)
        edge = cv2.morphologyEx(owners.astype(np.float32), cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8)) > 0
        shown = owners > 0
        tiles += int(shown.sum())
        wrong += int((shown & (owners != drawn["mask"]) & ~edge).sum())  # 1-px borders: sampling, not order
    assert tiles > 10000 and wrong / tiles < 0.002, (wrong, tiles)


def test_cli_hand_in_riichi_notation_as_score_takes_it(tmp_path, capsys):
    """`tilelens synth --hand 234m456p789s11z555z`: the notation `tilelens score` takes, not an unknown tile."""
    out = tmp_path / "hand.jpg"
    rc = tilelens_main(["synth", "--game", "tokyo-mahjong", "--hand", "234m456p789s11z555z", "--out", str(out),
                        "--imgsz", "256"])
    captured = capsys.readouterr()
    assert rc == 0, captured.err
    assert captured.out.count(" box ") == 14
    rc = tilelens_main(["synth", "--game", "tokyo-mahjong", "--hand", "234m", "東", "1z", "nope", "--out", str(out)])
    err = capsys.readouterr().err
    assert rc == 2 and "'nope'" in err  # the word that is wrong, as before


def test_cli_melds_laid_apart_at_the_hands_right(tmp_path, capsys):
    """`tilelens synth --melds pon:555z`: a photo with a called meld at the hand's right, as `tilelens read
    --kinds` gives it back (`--melds pon:555z`)."""
    out = tmp_path / "open.jpg"
    rc = tilelens_main(["synth", "--game", "tokyo-mahjong", "--hand", "234m456p789s11z", "--melds", "pon:555z",
                        "--out", str(out), "--seed", "3"])
    captured = capsys.readouterr()
    assert rc == 0, captured.err
    assert "melds: pon:555z" in captured.out and captured.out.count(" box ") == 14
    rc = tilelens_main(["synth", "--game", "nogizaka", "--hand", "rarin", "--melds", "pon:555z", "--out", str(out)])
    err = capsys.readouterr().err
    assert rc == 2 and "no called melds" in err


def test_cli_photo_in_a_folder_not_there_says_it_made_the_folder(tmp_path, capsys):
    out = tmp_path / "new" / "sub" / "hand.jpg"
    assert tilelens_main(["synth", "--game", "tokyo-mahjong", "--hand", "1m", "--out", str(out), "--imgsz", "128"]) == 0
    assert out.is_file() and f"made the folder {out.parent}" in capsys.readouterr().out
    assert tilelens_main(["synth", "--game", "tokyo-mahjong", "--hand", "1m", "--out", str(out), "--imgsz", "128", "--force"]) == 0
    assert "made the folder" not in capsys.readouterr().out  # only when it was made


@pytest.mark.parametrize("workers", ["0", "-3"])
def test_cli_workers_below_one_is_refused_not_written_on_the_card(tmp_path, capsys, workers):
    """`--workers -3` rendered on one and the dataset card said "with -3 worker(s)"."""
    with pytest.raises(SystemExit) as exc:  # argparse's usage error, as the other commands' counts
        tilelens_main(["synth", "--game", "nogizaka", "--count", "1", "--workers", workers, "--out",
                       str(tmp_path / "s")])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.strip().endswith(f"argument --workers: must be 1 or more, got {workers}")
    assert not (tmp_path / "s").exists()
