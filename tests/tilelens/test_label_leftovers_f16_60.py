"""Session 60 (F16): labelling leftovers.

1. Teaching with no box on any accepted photo: the Label page's Teach panel refused up front (F14), but `tilelens
   label teach DIR` and ``teach.start`` started the job, which failed seconds later cutting the tiles out
   (``vision.cropset``). ``teach`` refuses before anything is written, in the panel's words (``teach.no_tiles_words``).
2. `label check` and `read` said a photo cut short, and one that is no image, in different words: one wording each
   (``vision.image_io.cut_short``, ``vision.image_io.unreadable``).
3. A dark photo pre-labelled with no boxes was "no boxes (a photo with no tiles?)" on the Label page and in `label
   check`, where the photo page says it is too dark: it is said too dark (``prelabel.too_dark``, as
   ``vision.photo_checks.judge`` decides it).
"""
from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from PIL import Image

from tilelens.labelling import set_done
from tilelens.labelling.checks import check_dataset
from tilelens.labelling.model import IssueKind

from label_helpers import make_dataset, run

NO_TILES = {"en": "None of the 2 accepted photos shows a tile (they have no box): draw the boxes of the tiles on a "
                  "photo, then accept it, to teach from it",
            "ja": "OK にした写真 2枚には、牌の枠が1つもありません。覚えさせるには、写真に牌の枠を描いてから OK に"
                  "してください"}


def _boxless(root: Path) -> Path:
    """``make_dataset`` with every label file emptied and the two photos of the training split accepted."""
    make_dataset(root)
    for label in (root / "labels").rglob("*.txt"):
        label.write_text("")
    for photo in ("images/train/a.jpg", "images/train/b.png"):
        set_done(root, photo)
    return root


# ---------------------------------------------------------------- 1. teaching with no box

def test_teach_start_refuses_before_it_starts_where_no_accepted_photo_has_a_box(tmp_path):
    from tilelens.labelling import teach

    root = _boxless(tmp_path / "ds")
    with pytest.raises(teach.TeachError) as caught:
        teach.start(root, "mine", None, 1.0)
    assert NO_TILES["en"] in str(caught.value) and NO_TILES["ja"] in caught.value.message_ja, caught.value
    assert not (teach.job_dir(root) / "job.json").exists()  # no job started, none to fail
    assert teach.status(root) is None


@pytest.mark.parametrize("language", ["en", "ja"])
def test_label_teach_refuses_in_the_panels_words_and_names_the_label_page(tmp_path, cli_env, capsys, language):
    from tilelens.labelling import teach

    cli_env(TILELENS_LANG=language)
    root = _boxless(tmp_path / "ds")
    code, out, err = run(capsys, "label", "teach", root, "--name", "mine", "--epochs", "1")
    assert code == 2 and "Traceback" not in err, err
    (line,) = [line for line in err.splitlines() if line.startswith("tilelens label: ")]
    assert NO_TILES[language].split(": ")[0].split("。")[0] in line, line
    assert "`tilelens app`" in line, line  # where boxes are drawn: no command draws them
    assert not (teach.job_dir(root) / "job.json").exists()


def test_the_panel_says_what_teach_decides():
    from app.components import teach_view
    from tilelens.labelling import teach

    assert "none_tiled" not in teach_view.STRINGS  # one place words it: teach's
    assert teach.no_tiles_words(2)[0].startswith(NO_TILES["en"])
    assert teach.no_tiles_words(2)[1].startswith(NO_TILES["ja"])
    assert teach.no_tiles_words(1)[0].startswith("The accepted photo shows no tile (it has no box)")


# ---------------------------------------------------------------- 2. one wording each

def _cut_jpeg(path: Path) -> Path:
    out = io.BytesIO()
    Image.effect_noise((400, 300), 64).convert("RGB").save(out, "JPEG")
    whole = out.getvalue()
    path.write_bytes(whole[:whole.find(b"\xff\xda") + 600])
    return path


def _said_by_each(path: Path) -> set[tuple[str, str]]:
    from tilelens.labelling.yolo import LabelFileError, _read_image_size
    from vision.image_io import ImageError, check_whole, load_image

    said = set()
    for reading, error in ((load_image, ImageError), (check_whole, ImageError), (_read_image_size, LabelFileError)):
        with pytest.raises(error) as caught:
            reading(path)
        said.add((str(caught.value).split(": ", 1)[1], caught.value.message_ja.split(": ", 1)[1]))
    return said


def test_read_and_check_say_a_photo_cut_short_in_the_same_words(tmp_path):
    said = _said_by_each(_cut_jpeg(tmp_path / "a.jpg"))
    assert len(said) == 1, said
    ((english, japanese),) = said
    assert english.startswith("the file is cut short") and "take or choose the photo again" in english
    assert japanese.startswith("ファイルが途中で切れています")


@pytest.mark.parametrize("content", [b"junk", b"\xff\xd8 not really a jpeg", b"not a photo at all, some text\n"])
def test_read_and_check_say_a_file_that_is_no_image_in_the_same_words(tmp_path, content):
    path = tmp_path / "a.jpg"
    path.write_bytes(content)
    assert _said_by_each(path) == {("not an image (unknown or unsupported format)",
                                    "写真ではありません。形式が不明か、対応していない形式です。")}


def test_label_check_says_a_damaged_avif_as_read_does():
    from tilelens.labelling.yolo import LabelFileError, _read_image_size
    from vision.image_io import ImageError, load_image

    avif = Path(__file__).resolve().parents[1] / "vision" / "data" / "damaged" / "corrupt.avif"
    with pytest.raises(ImageError) as read:
        load_image(avif)
    with pytest.raises(LabelFileError) as checked:
        _read_image_size(avif)
    assert str(checked.value) == f"corrupt.avif: {str(read.value).split(': ', 1)[1]}"
    assert checked.value.message_ja.split(": ", 1)[1] == read.value.message_ja.split(": ", 1)[1]
    assert "damaged AVIF" in str(checked.value), checked.value


# ---------------------------------------------------------------- 3. a dark photo with no boxes

def _photo(scale: float) -> Image.Image:
    """An 800x600 photo of coloured squares (detail enough to be no plain photo), its light times ``scale``."""
    squares = np.kron(np.random.default_rng(0).integers(0, 255, (15, 20, 3)), np.ones((40, 40, 1)))
    return Image.fromarray(np.clip(squares * scale, 0, 255).astype(np.uint8))


def _empty_photos(root: Path) -> Path:
    make_dataset(root, photos={"images/train/dark.jpg": ((800, 600), ()), "images/train/lit.jpg": ((800, 600), ())})
    _photo(0.12).save(root / "images/train/dark.jpg")
    _photo(1.0).save(root / "images/train/lit.jpg")
    return root


def test_a_dark_photo_with_no_boxes_is_said_too_dark(tmp_path):
    root = _empty_photos(tmp_path / "ds")
    said = {i.path: i for i in check_dataset(root).issues if i.kind is IssueKind.EMPTY_LABEL_FILE}
    assert said["labels/train/dark.txt"].message == "no boxes (the photo is too dark: retake it in better light)"
    assert said["labels/train/dark.txt"].message_ja == "枠がありません (写真が暗すぎます: 明るい場所で撮り直してください)"
    assert said["labels/train/lit.txt"].message == "no boxes (a photo with no tiles?)"


def test_too_dark_is_what_the_photo_page_judges_of_a_photo_with_no_tile_read():
    from tilelens.labelling.prelabel import _dark_of
    from vision.photo_checks import judge

    for scale in (0.05, 0.12, 0.3, 1.0):
        image = np.asarray(_photo(scale))[:, :, ::-1].copy()
        for wh in ((800, 600), (400, 300)):  # the small photo: not judged
            assert _dark_of(image, wh) == judge(image, SimpleNamespace(tiles=()), wh).dark, (scale, wh)
    plain_dark = np.full((600, 800, 3), 10, np.uint8)  # plain: said so, not dark
    assert _dark_of(plain_dark, (800, 600)) == judge(plain_dark, SimpleNamespace(tiles=()), (800, 600)).dark


def test_a_small_dark_photo_is_not_judged_as_the_photo_page_does_not(tmp_path):
    root = tmp_path / "ds"
    make_dataset(root, photos={"images/train/dim.png": ((120, 160), ())})
    Image.new("RGB", (120, 160), (10, 12, 10)).save(root / "images/train/dim.png")
    (issue,) = [i for i in check_dataset(root).issues if i.kind is IssueKind.EMPTY_LABEL_FILE]
    assert issue.message == "no boxes (a photo with no tiles?)"


def test_pre_labelling_a_dark_photo_and_label_check_say_it_too_dark(tmp_path, capsys):
    from tilelens.labelling.prelabel import prelabel_folder, too_dark

    root = tmp_path / "ds"
    root.mkdir()
    _photo(0.12).save(root / "IMG_1010.jpg")
    nothing = SimpleNamespace(read=lambda image, source=None: SimpleNamespace(tiles=[]))
    prelabel_folder(root, "tokyo-mahjong", reader=nothing, progress=False)
    assert too_dark(root / "images/train/IMG_1010.jpg")
    code, out, err = run(capsys, "label", "check", root)
    assert "too dark: retake it in better light" in out, out


def test_a_named_pipe_in_a_photos_place_is_never_opened(tmp_path):
    import os

    from tilelens.labelling.yolo import LabelFileError, _read_image_size
    from vision.image_io import unreadable

    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    pipe = tmp_path / "a.jpg"
    os.mkfifo(pipe)  # opened to be read, it would wait for a writer for ever
    assert str(unreadable(pipe, "a.jpg")) == "a.jpg: not an image (unknown or unsupported format)"
    with pytest.raises(LabelFileError):
        _read_image_size(pipe)
