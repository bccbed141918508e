"""The detector's training data: collapsed labels, list files, and band-stretched images."""
from __future__ import annotations

import random

import cv2
import numpy as np
import pytest

from vision.detector_data import (
    Source, build_dataset, cut_band, join_bands, label_path_of, labelled_source, stretch_to_square, stretched_source,
    synth_source, yolo_label_text,
)
from vision.cropset import parse_yolo_labels

# three rows of coloured "tiles" on grey, each tile a distinct colour so a box can be checked by its pixels
COLOURS = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (255, 0, 255), (0, 255, 255),
           (128, 0, 0), (0, 128, 0), (0, 0, 128)]


def _scene() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    img = np.full((300, 400, 3), 90, np.uint8)
    boxes = []
    for row, y in enumerate((20, 120, 220)):
        for col, x in enumerate((30, 150, 270)):
            boxes.append([x, y, x + 60, y + 50])
            img[y:y + 50, x:x + 60] = COLOURS[row * 3 + col]
    return img, np.zeros(len(boxes), int), np.array(boxes, float)


def band_stretch(image, classes, boxes, rng, size=640, min_visible=0.5):
    """One band cut around a row of tiles and stretched to a square, as ``stretched_source`` does."""
    return stretch_to_square(*cut_band(image, classes, boxes, rng, min_visible), rng, size)


def _colour_in(img: np.ndarray, box: np.ndarray) -> np.ndarray:
    x1, y1, x2, y2 = np.round(box).astype(int)
    patch = img[y1 + 3:y2 - 3, x1 + 3:x2 - 3].reshape(-1, 3).astype(float)
    return patch.mean(axis=0)


@pytest.mark.parametrize("seed", range(8))
def test_band_stretch_boxes_still_cover_their_tiles(seed):
    img, cls, boxes = _scene()
    out, ocls, oboxes = band_stretch(img, cls, boxes, random.Random(seed), size=320)
    assert out.shape == (320, 320, 3)
    assert len(oboxes) == len(ocls) == 3  # one whole row of three, the others far outside the band
    seen = set()
    for box in oboxes:
        colour = _colour_in(out, box)
        matches = [c for c in COLOURS if np.abs(colour - np.array(c)).max() < 12]
        assert len(matches) == 1, (box, colour)
        seen.add(matches[0])
        w, h = box[2] - box[0], box[3] - box[1]
        # a 60 x 50 tile in a band about 50-85 px high, stretched from 400 x band to 320 x 320: squashed
        assert max(w / h, h / w) > 2.5
    assert len(seen) == 3


def test_band_stretch_turns_a_quarter_without_mirroring():
    img, cls, boxes = _scene()
    turned = [band_stretch(img, cls, boxes, random.Random(s), size=320) for s in range(12)]
    is_tall = [(b[:, 3] - b[:, 1]).mean() > (b[:, 2] - b[:, 0]).mean() for _, _, b in turned]
    tall = [o for o, t in zip(turned, is_tall) if t]
    wide = [o for o, t in zip(turned, is_tall) if not t]
    assert tall and wide, "both the plain and the turned form should occur across seeds"
    for out, _, oboxes in wide:
        # turned clockwise: the row's left-most tile (first in the scene row) ends up on top
        order_by_y = np.argsort(oboxes[:, 1])
        colours = [tuple(np.round(_colour_in(out, oboxes[i])).astype(int)) for i in order_by_y]
        row = next(r for r in range(3) if np.abs(np.array(colours[0]) - COLOURS[r * 3]).max() < 12)
        for k, c in enumerate(colours):
            assert np.abs(np.array(c) - COLOURS[row * 3 + k]).max() < 12


def test_band_stretch_drops_a_tile_mostly_outside_the_band():
    img = np.full((200, 400, 3), 90, np.uint8)
    boxes = np.array([[20, 80, 80, 120], [200, 40, 260, 160]], float)  # the second is three times as tall
    img[80:120, 20:80] = 255
    out, ocls, oboxes = band_stretch(img, np.zeros(2, int), boxes, random.Random(0), size=200,
                                     min_visible=0.99)
    # the band is centred on the small tile (the tall one is too big to squash 3x): at most 35% margin
    # each side leaves less than all of the tall tile's height inside, so it is dropped
    assert len(oboxes) == 1


def test_joined_bands_keep_every_box_on_its_tile():
    img, cls, boxes = _scene()
    rng = random.Random(4)
    bands = [cut_band(img, cls, boxes, rng) for _ in range(3)]
    bands[1] = (cv2.resize(bands[1][0], None, fx=2, fy=2), bands[1][1], bands[1][2] * 2)  # another scale
    strip, scls, sboxes = join_bands(bands)
    assert strip.shape[0] == bands[0][0].shape[0] and len(sboxes) == len(scls) == 9
    h0 = bands[0][0].shape[0]  # every band scaled to the first one's height, its width with it
    assert strip.shape[1] == pytest.approx(sum(b.shape[1] * h0 / b.shape[0] for b, _, _ in bands), abs=3)
    out, _, oboxes = stretch_to_square(strip, scls, sboxes, random.Random(0), size=480)
    for box in oboxes:
        colour = _colour_in(out, box)
        assert min(np.abs(colour - np.array(c)).max() for c in COLOURS) < 16, (box, colour)
    assert (oboxes[:, 0] < oboxes[:, 2]).all() and (oboxes[:, 1] < oboxes[:, 3]).all()


def test_band_stretch_needs_a_tile():
    with pytest.raises(ValueError, match="at least one labelled tile"):
        band_stretch(np.zeros((10, 10, 3), np.uint8), np.zeros(0, int), np.zeros((0, 4)), random.Random(0))


def test_label_text_round_trip():
    boxes = np.array([[10, 20, 50, 80], [0, 0, 1, 1]], float)  # the second is under 2 px: skipped
    text = yolo_label_text(np.array([1, 0]), boxes, 100, 200)
    assert text.count("\n") == 1 and text.startswith("1 ")
    cls, back = parse_yolo_labels(text, 100, 200)
    assert cls.tolist() == [1]
    np.testing.assert_allclose(back[0], boxes[0], atol=1e-3)


def test_stretched_source_writes_images_with_matching_labels(tmp_path):
    img, _, boxes = _scene()
    (tmp_path / "src" / "images").mkdir(parents=True)
    (tmp_path / "src" / "labels").mkdir(parents=True)
    cv2.imwrite(str(tmp_path / "src" / "images" / "a.png"), img)
    (tmp_path / "src" / "labels" / "a.txt").write_text(
        yolo_label_text(np.full(len(boxes), 7), boxes, img.shape[1], img.shape[0]))
    src = Source("toy", (tmp_path / "src" / "images" / "a.png",), lambda c: 0, repeat=2)
    out = stretched_source([src], 5, tmp_path / "out", seed=1, size=160, progress=False)
    assert len(out.images) == 5
    again = stretched_source([src], 5, tmp_path / "again", seed=1, size=160, progress=False)
    for a, b in zip(out.images, again.images):  # the same seed writes the same images
        assert label_path_of(a).read_text() == label_path_of(b).read_text()
    counts = []
    for p in out.images:
        lines = label_path_of(p).read_text().splitlines()
        assert all(line.startswith("0 ") for line in lines)  # classes collapsed
        counts.append(len(lines))
    # each band holds one whole row of three; one to three bands are joined per image
    assert set(counts) <= {3, 6, 9} and len(set(counts)) > 1
    yaml_path = build_dataset([src, out], [src], tmp_path / "set")
    train = (tmp_path / "set" / "train.txt").read_text().splitlines()
    assert len(train) == 2 + 5 and yaml_path.exists()


def _labelled_set(root, names, label_lines):
    (root / "images").mkdir(parents=True)
    (root / "labels").mkdir(parents=True)
    cv2.imwrite(str(root / "images" / "0001.jpg"), np.full((40, 40, 3), 90, np.uint8))
    (root / "labels" / "0001.txt").write_text("".join(f"{line}\n" for line in label_lines))
    (root / "data.yaml").write_text("path: .\ntrain: images\nval: images\nnames: [" + ", ".join(names) + "]\n")
    return root / "data.yaml"


def test_photos_labelled_by_tile_id_join_as_tiles_and_backs(tmp_path):
    yaml_path = _labelled_set(tmp_path / "gen" / "hands-x", ["1m", "back", "2p"],
                              ["0 0.5 0.5 0.2 0.2", "1 0.2 0.2 0.1 0.1", "2 0.8 0.8 0.1 0.1"])
    src = labelled_source(yaml_path)
    assert src.name == "gen-hands-x" and len(src.images) == 1
    build_dataset([src], [], tmp_path / "set")
    lines = (tmp_path / "set" / "labels" / "gen-hands-x" / "0001.txt").read_text().splitlines()
    assert [line.split()[0] for line in lines] == ["0", "1", "0"]  # 1m tile, back, 2p tile
    assert lines[1].split()[1:] == ["0.2", "0.2", "0.1", "0.1"]


def test_two_sources_of_one_name_are_refused(tmp_path):
    for seed in ("s1", "s2"):  # two synthetic sets of the same game from different seeds
        d = tmp_path / seed / "tokyo-mahjong" / "images" / "train"
        d.mkdir(parents=True)
        cv2.imwrite(str(d / "000001.jpg"), np.full((40, 40, 3), 90, np.uint8))
    a, b = (synth_source(tmp_path / s / "tokyo-mahjong", "train") for s in ("s1", "s2"))
    with pytest.raises(ValueError, match="tokyo-mahjong-train"):
        build_dataset([a, b], [], tmp_path / "set")
    named = synth_source(tmp_path / "s2" / "tokyo-mahjong", "train", name="s2-tokyo-mahjong-train")
    build_dataset([a, named], [], tmp_path / "set")
    assert len((tmp_path / "set" / "train.txt").read_text().splitlines()) == 2
