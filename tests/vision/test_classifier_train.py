"""``tilelens train classifier``: a smoke run (rendered crops, one tiny epoch), resuming, a shared backbone
cut into one network per game, augmentation that never mirrors."""
import json

import numpy as np
import torch

from tilelens.cli import main as tilelens
from vision.classifier import Classifier
from vision.classifier_net import augment
from vision.classifier_train import TrainConfig, build_model, slice_model, spec_for_games


def test_smoke_run_exports_a_game_classifier_and_resumes(tmp_path, capsys):
    out = tmp_path / "run"
    assert tilelens(["train", "classifier", "--game", "nogizaka", "--smoke", "--out", str(out)]) == 0
    written = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    clf = Classifier.load(written["onnx"][0])
    assert clf.spec.game == "nogizaka" and len(clf.spec.classes) == 17 and "colour" in clf.spec.heads
    assert (out / "last.pt").is_file() and (out / "classifier-nogizaka.pt").is_file()
    # the run is complete: resuming trains nothing more and exports again
    assert tilelens(["train", "classifier", "--game", "nogizaka", "--smoke", "--resume", "--out", str(out)]) == 0
    assert torch.load(out / "last.pt", weights_only=True)["epoch"] == 1


def test_resume_without_a_checkpoint_is_an_error(tmp_path, capsys):
    rc = tilelens(["train", "classifier", "--game", "nogizaka", "--smoke", "--resume", "--out", str(tmp_path)])
    assert rc == 2 and "nothing to resume" in capsys.readouterr().err


def test_shared_backbone_slices_into_a_game_network_with_the_same_outputs():
    spec = spec_for_games(["nogizaka", "yokai-watch"])
    assert "game" in spec.heads and spec.classes[0].startswith("nogizaka/")
    model = build_model(spec, TrainConfig(width=8)).eval()
    net, game_spec = slice_model(model, spec, "yokai-watch")
    x = torch.rand(2, 3, spec.crop_size, spec.crop_size)
    with torch.no_grad():
        full, part = model(x), net(x)
    rows = [spec.classes.index(f"yokai-watch/{c}") for c in game_spec.classes]
    assert torch.allclose(full[0][:, rows], part[0], atol=1e-5)
    assert torch.allclose(full[-1], part[-1], atol=1e-5)  # same embedding


def _quadrants(x):
    h = x.shape[-1] // 2
    return torch.stack([x[:, :, :h, :h].mean((1, 2, 3)), x[:, :, :h, h:].mean((1, 2, 3)),
                        x[:, :, h:, h:].mean((1, 2, 3)), x[:, :, h:, :h].mean((1, 2, 3))], 1)


def test_augmentation_without_strength_is_the_runtime_crop_and_never_mirrors():
    gen = torch.Generator().manual_seed(0)
    src = torch.zeros(1, 3, 64, 64)
    src[:, :, :32, :32] = 1.0  # top-left quadrant white
    plain = augment(src, 32, 0.5, gen, strength=0.0)
    assert _quadrants(plain).argmax(1).tolist() == [0]
    # small tilts keep it top left, a turn over (180 degrees) puts it bottom right; a mirror would put
    # it top right or bottom left, which must never happen
    many = augment(src.expand(300, -1, -1, -1).contiguous(), 32, 0.5, gen, rotation="upright")
    brightest = _quadrants(many).argmax(1)
    assert set(brightest.tolist()) == {0, 2}
    assert 30 < int((brightest == 2).sum()) < 130  # about a quarter are turned over


def _hand_photos(tmp_path, names):
    """One rendered nogizaka hand as a labelled photo set whose class names are ``names``."""
    import cv2

    from vision.detections import yolo_line
    from vision.synth import render_hand

    hand = ["misa-senpai", "sayurin", "maimai", "marika", "rarin", "sayunyan", "minami", "miona",
            "almighty-pink"]
    scene = render_hand("nogizaka", hand, seed=5, layout="flat")
    (tmp_path / "images").mkdir(parents=True)
    (tmp_path / "labels").mkdir()
    cv2.imwrite(str(tmp_path / "images" / "h.jpg"), scene.image)
    h, w = scene.image.shape[:2]
    lines = [yolo_line(names.index(t.tile_id) if t.tile_id in names else 0, t.xyxy, w, h) for t in scene.tiles]
    (tmp_path / "labels" / "h.txt").write_text("\n".join(lines) + "\n")
    (tmp_path / "data.yaml").write_text(f"path: {tmp_path}\ntrain: images\nval: images\nnames: {names}\n")
    return tmp_path / "data.yaml", len(hand)


def test_added_photos_join_the_rendered_crops(tmp_path, capsys):
    from scorer.catalog import load_game

    names = [t.id for t in load_game("nogizaka").tiles] + ["back"]
    data, tiles = _hand_photos(tmp_path / "photos", names)
    argv = ["train", "classifier", "--game", "nogizaka", "--smoke", "--out", str(tmp_path / "run")]
    assert tilelens(argv) == 0
    alone = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["crops"]
    assert tilelens(argv + ["--add-data", str(data)]) == 0
    added = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["crops"]
    # each labelled tile once, plus the detector's box on it when it finds one
    assert alone + tiles <= added <= alone + 2 * tiles


def test_added_photos_must_name_the_game_s_tiles(tmp_path, capsys):
    data, _ = _hand_photos(tmp_path / "photos", ["not-a-tile", "back"])
    argv = ["train", "classifier", "--game", "nogizaka", "--smoke", "--out", str(tmp_path / "run"),
            "--add-data", str(data)]
    assert tilelens(argv) == 2
    assert "tile ids not in the game: not-a-tile" in capsys.readouterr().err
    assert tilelens(["train", "classifier", "--game", "nogizaka,yokai-watch", "--smoke", "--add-data", str(data)]) == 2
    assert "--add-data goes with one --game" in capsys.readouterr().err


def test_faces_nobody_can_read_teach_nothing_and_big_crops_keep_their_pixels(tmp_path):
    from scorer.catalog import load_game
    from vision.classifier_train import photo_cropset
    from vision.cropset import CONTEXT, store_size

    ids = [t.id for t in load_game("nogizaka").tiles]
    data, tiles = _hand_photos(tmp_path / "photos", ids + ["back", "tile"])
    label = tmp_path / "photos" / "labels" / "h.txt"
    lines = label.read_text().splitlines()
    label.write_text("\n".join([f"{len(ids) + 1} " + line.split(" ", 1)[1] for line in lines[:2]] + lines[2:]))
    crops = photo_cropset(data, ids, detector=None)
    assert len(crops) == tiles - 2 and crops.images.shape[1:] == (96, 96, 3)  # the two hidden faces left out
    assert [crops.classes[i] for i in crops.labels] == [ids[int(ln.split()[0])] for ln in lines[2:]]
    big = photo_cropset(data, ids, detector=None, size=store_size(96))
    assert big.images.shape[1:] == (160, 160, 3)
    for crop in (48, 64, 80, 96, 128):  # above 64 px a stored tile has at least the pixels read gives it
        per_box, wanted = store_size(crop) / CONTEXT, crop / 1.15
        assert per_box >= wanted * (0.95 if crop > 64 else 0.7)


def test_a_crop_cache_is_reused_only_by_the_renderer_that_made_it(tmp_path, monkeypatch):
    import vision.scene_crops as scene_crops
    from vision.classifier_train import game_cropset
    from vision.cropset import CropSet

    rendered = []

    def render(game_id, per_kind, seed=0, size=96):
        rendered.append(game_id)
        return CropSet(np.zeros((2, size, size, 3), np.uint8), np.array([0, 1]), ["a", "b"], ["s0", "s0"])

    monkeypatch.setattr(scene_crops, "rendered_cropset", render)
    stamp = "0000aaaa"
    monkeypatch.setattr(scene_crops, "renderer_stamp", lambda: stamp)
    game_cropset(["nogizaka"], 5, 0, tmp_path)
    game_cropset(["nogizaka"], 5, 0, tmp_path)
    assert rendered == ["nogizaka"]  # the second call read the cache
    stamp = "0000bbbb"  # the renderer's code changed
    game_cropset(["nogizaka"], 5, 0, tmp_path)
    assert rendered == ["nogizaka", "nogizaka"] and len(list(tmp_path.glob("*.npz"))) == 2


def test_the_renderer_stamp_follows_its_files(tmp_path):
    from vision.scene_crops import renderer_stamp

    for d in ("synth", "faces", "assets"):
        (tmp_path / d).mkdir()
        (tmp_path / d / "x.py").write_text(d)
    (tmp_path / "scene_crops.py").write_text("v1")
    (tmp_path / "unrelated.py").write_text("a")
    first = renderer_stamp(tmp_path)
    (tmp_path / "unrelated.py").write_text("b")
    assert renderer_stamp.__wrapped__(tmp_path) == first
    (tmp_path / "faces" / "x.py").write_text("faces drawn another way")
    assert renderer_stamp.__wrapped__(tmp_path) != first
    assert len(first) == 8 and renderer_stamp() == renderer_stamp()
