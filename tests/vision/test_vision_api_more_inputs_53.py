"""Session 53, tilelens's vision side as a Python library, more: a photo given as a binary stream (``io.BytesIO``, an
open file) or a PIL image is read (upright, as a file's EXIF says), other inputs are refused naming what is taken, in
English and Japanese; ``RecognizerError`` and ``NoReaderError`` come from ``vision``; a reading scored as a game none
of whose tiles it holds is refused, not scored as an empty hand; ``read_hand`` loads a club's game file again once
it is edited."""
from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from scorer.result import TilelensInputError
from vision.image_io import EXIF_ORIENTATION, TRANSPARENT_GREY, ImageError, load_image, load_image_sized

ROOT = Path(__file__).resolve().parents[2]


def _picture(w: int = 60, h: int = 40) -> np.ndarray:
    """An RGB picture whose every corner differs: a turn or a swap of channels shows."""
    rgb = np.zeros((h, w, 3), np.uint8)
    rgb[: h // 2, : w // 2] = (255, 0, 0)
    rgb[: h // 2, w // 2:] = (0, 255, 0)
    rgb[h // 2:, : w // 2] = (0, 0, 255)
    rgb[h // 2:, w // 2:] = (255, 255, 0)
    return rgb


def _png(rgb: np.ndarray, orientation: int = 1) -> bytes:
    out = io.BytesIO()
    im = Image.fromarray(rgb)
    if orientation != 1:
        exif = Image.Exif()
        exif[EXIF_ORIENTATION] = orientation
        im.save(out, "PNG", exif=exif.tobytes())
    else:
        im.save(out, "PNG")
    return out.getvalue()


# 1. streams and PIL images ----------------------------------------------------------------------------------------

def test_a_bytesio_reads_as_its_bytes_do():
    data = _png(_picture())
    got = load_image(io.BytesIO(data))
    assert np.array_equal(got, load_image(data))
    assert np.array_equal(got[0, 0], [0, 0, 255])  # BGR: the top left is red


def test_a_bytesio_just_written_is_read_from_its_start_as_pillow_reads_it():
    buf = io.BytesIO()
    Image.fromarray(_picture()).save(buf, "PNG")  # left at its end
    assert np.array_equal(load_image(buf), load_image(buf.getvalue()))


def test_an_open_file_reads_as_its_path_does_and_its_name_says_it(tmp_path):
    path = tmp_path / "turned.png"
    path.write_bytes(_png(_picture(), orientation=6))
    with open(path, "rb") as f:
        got, size = load_image_sized(f)
    want, want_size = load_image_sized(path)
    assert np.array_equal(got, want) and size == want_size == (40, 60)  # turned a quarter, as the path is
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"not a picture at all")
    with open(bad, "rb") as f, pytest.raises(ImageError) as err:
        load_image(f)
    assert str(bad) in str(err.value) and err.value.message_ja


def test_a_stream_opened_as_text_is_refused_saying_to_open_it_binary(tmp_path):
    path = tmp_path / "hand.png"
    path.write_bytes(_png(_picture()))
    with open(path, encoding="latin-1") as f, pytest.raises(ImageError) as err:
        load_image(f)
    assert "binary" in str(err.value) and "rb" in str(err.value) and "rb" in err.value.message_ja


def test_a_closed_stream_is_refused_in_one_line():
    buf = io.BytesIO(_png(_picture()))
    buf.close()
    with pytest.raises(ImageError) as err:
        load_image(buf)
    assert "closed" in str(err.value) and err.value.message_ja


def test_a_pil_image_reads_as_its_file_does():
    rgb = _picture()
    got = load_image(Image.fromarray(rgb))
    assert np.array_equal(got, rgb[:, :, ::-1])  # BGR, as every image read


def test_a_pil_image_is_turned_by_its_exif_orientation_and_left_as_it_was():
    data = _png(_picture(), orientation=6)
    im = Image.open(io.BytesIO(data))
    got, size = load_image_sized(im)
    want, want_size = load_image_sized(data)
    assert np.array_equal(got, want) and size == want_size == (40, 60)
    assert im.size == (60, 40) and im.getexif().get(EXIF_ORIENTATION) == 6  # the caller's image is not changed


def test_a_pil_image_of_another_mode_is_read_as_its_file_is():
    rgba = np.dstack([_picture(), np.full((40, 60), 255, np.uint8)])
    rgba[0, 0, 3] = 0  # one pixel transparent: laid over grey, as a file's is
    got = load_image(Image.fromarray(rgba, "RGBA"))
    assert np.array_equal(got[0, 0], [TRANSPARENT_GREY] * 3) and np.array_equal(got[0, 1], [0, 0, 255])
    grey = load_image(Image.fromarray(np.full((10, 20), 77, np.uint8), "L"))
    assert grey.shape == (10, 20, 3) and int(grey.max()) == 77


def test_a_pil_image_larger_than_max_side_is_shrunk_as_a_file_is_and_not_in_place():
    im = Image.fromarray(_picture(400, 200))
    got, size = load_image_sized(im, max_side=100)
    assert got.shape == (50, 100, 3) and size == (400, 200) and im.size == (400, 200)


@pytest.mark.parametrize("source, named", [(12, "int"), (None, "None"), ({"a": 1}, "dict")])
def test_what_is_not_an_image_is_refused_naming_what_is_taken(source, named):
    with pytest.raises(ImageError) as err:
        load_image(source)
    text = str(err.value)
    assert named in text
    for kind in ("path", "bytes", "stream", "PIL", "array"):
        assert kind in text
    assert err.value.message_ja and "PIL" in err.value.message_ja and "パス" in err.value.message_ja


@pytest.mark.parametrize("arr, said", [(np.zeros((4, 4, 3), np.float64), "float64"),
                                       (np.zeros((4, 4, 2), np.uint8), "(4, 4, 2)"),
                                       (np.zeros(5, np.uint8), "(5,)")])
def test_an_array_of_a_wrong_kind_is_refused_in_both_languages(arr, said):
    with pytest.raises(ImageError) as err:
        load_image(arr)
    assert said in str(err.value) and said in err.value.message_ja


def test_read_hand_reads_a_bytesio_and_a_pil_image_as_the_photo():
    from vision import read_hand

    photo = Path(__file__).parent / "data" / "detector" / "images" / "hk-3.jpg"
    want = read_hand(photo, tileset="hk-mahjong").kinds
    assert want
    assert read_hand(io.BytesIO(photo.read_bytes()), tileset="hk-mahjong").kinds == want
    with Image.open(photo) as im:
        assert read_hand(im, tileset="hk-mahjong").kinds == want


# 2. the errors a reader raises, from vision ----------------------------------------------------------------------

def test_recognizer_errors_are_exported_from_vision_and_documented():
    import vision
    from vision.recognizer import NoReaderError, RecognizerError

    assert vision.RecognizerError is RecognizerError and vision.NoReaderError is NoReaderError
    assert {"RecognizerError", "NoReaderError"} <= set(vision.__all__)
    section = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8").split("## vision", 1)[1]
    section = section.split("\n## ", 1)[0]
    assert "RecognizerError" in section and "NoReaderError" in section


def test_naming_no_game_raises_the_recognizer_error_vision_exports():
    import vision

    with pytest.raises(vision.RecognizerError) as err:
        vision.Recognizer.load()
    assert err.value.message_ja and isinstance(err.value, TilelensInputError)


# 3. a reading scored as a game none of whose tiles it holds ----------------------------------------------------

WIN = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()


def _reading(kinds, game="tokyo-mahjong", tileset=""):
    from vision.recognizer import HandReading, ReadTile

    tiles = [ReadTile((42.0 * i, 100.0, 42.0 * i + 40, 160.0), k, {}, {"detection": 0.9, "kind": 0.95})
             for i, k in enumerate(kinds)]
    return HandReading(tiles, (1000, 400), game, tileset)


def test_scoring_a_reading_as_a_game_none_of_its_tiles_belong_to_is_refused_naming_both():
    with pytest.raises(TilelensInputError) as err:
        _reading(WIN).scorable(game="nogizaka")
    text, ja = str(err.value), err.value.message_ja
    assert "nogizaka" in text and "tokyo-mahjong" in text and "14" in text
    assert "nogizaka" in ja and "tokyo-mahjong" in ja


def test_a_tile_set_reading_scored_as_another_game_names_the_set():
    with pytest.raises(TilelensInputError) as err:
        _reading(WIN, game="", tileset="hk-mahjong").scorable(game="yokai-watch")
    assert "hk-mahjong" in str(err.value) and "yokai-watch" in str(err.value)
    assert "hk-mahjong" in err.value.message_ja


def test_a_reading_with_some_tiles_of_the_game_and_one_with_none_face_up_are_still_scorable():
    hand = _reading(["f1", *WIN], game="", tileset="hk-mahjong").scorable(game="tokyo-mahjong")
    assert list(hand.tiles) == WIN and hand.left_out == ("f1",)
    assert _reading([]).scorable(game="nogizaka").tiles == ()  # nothing read: nothing to say is of another set


# 4. read_hand and a club's game file edited ---------------------------------------------------------------------

@pytest.fixture
def counted_loads(monkeypatch):
    from vision import recognizer

    loads = []

    class Fake:
        def __init__(self, game):
            self.game = game

        def read(self, image, source=None):
            return self.game

    def load(cls, game=None, tileset=None, **_):
        loads.append((game, tileset))
        return Fake(game)

    recognizer.read_hand.cache_clear()
    monkeypatch.setattr(recognizer.Recognizer, "load", classmethod(load))
    yield loads
    recognizer.read_hand.cache_clear()  # no fake reader is left for another test


def test_read_hand_loads_a_club_game_file_again_once_it_is_edited(tmp_path, counted_loads):
    from vision import read_hand

    shipped = (ROOT / "scorer" / "games" / "nogizaka.toml").read_text(encoding="utf-8")
    club = tmp_path / "club.toml"
    club.write_text(shipped, encoding="utf-8")
    read_hand("photo.jpg", game=str(club))
    read_hand("photo.jpg", game=str(club))
    assert len(counted_loads) == 1  # kept while the file is as it was
    club.write_text(shipped + "\n# edited: a longer file\n", encoding="utf-8")
    read_hand("photo.jpg", game=str(club))
    assert len(counted_loads) == 2 and counted_loads[-1] == (str(club), None)
    read_hand("photo.jpg", game="nogizaka")
    read_hand("photo.jpg", game="nogizaka")
    read_hand("photo.jpg", tileset="hk-mahjong")
    read_hand("photo.jpg", tileset="hk-mahjong")
    assert counted_loads[2:] == [("nogizaka", None), (None, "hk-mahjong")]
