"""The photo page after two walkthroughs (session 52): what it says of a photo too small or with no detail, a file
that is no photo, another tile set, the keep-photo panel's errors, and the photo's labels and the picker's crop."""
import io

import numpy as np
import pytest
from PIL import Image

from app_helpers import YOKAI_WIN, open_page, read_as, texts


def _upload(at, name, data):
    at.file_uploader(key="photo_upload").set_value((name, data, "image/jpeg")).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _jpeg(w, h, colour):
    buf = io.BytesIO()
    Image.new("RGB", (w, h), colour).save(buf, format="JPEG")
    return buf.getvalue()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_text_file_named_jpg_is_named_in_either_language_with_one_colon(home, lang):
    at = _upload(open_page("score_photo", "yokai-watch", lang), "text.jpg", b"shopping list: tea, milk" * 10)
    [error] = at.error
    assert "text.jpg" in error.value and "アップロードした写真" not in error.value
    assert error.value.count(":") == 1, error.value


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tiny_photo_says_its_size_first_and_no_blur_or_colour_advice(home, lang):
    at = _upload(open_page("score_photo", "yokai-watch", lang), "tiny.jpg", _jpeg(50, 50, (128, 128, 128)))
    warnings = [w.value for w in at.warning]
    assert "50×50" in warnings[0], warnings
    blur = ("blurry", "colour") if lang == "en" else ("ぼやけ", "色がありません")
    assert not any(word in w for w in warnings for word in blur), warnings


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_plain_photo_is_said_to_have_no_detail_not_to_be_blurry(home, lang):
    at = _upload(open_page("score_photo", "yokai-watch", lang), "green.jpg", _jpeg(640, 480, (60, 200, 60)))
    said = " ".join(w.value for w in at.warning)
    assert ("blurry" if lang == "en" else "ぼやけ") not in said, said
    assert ("no detail" if lang == "en" else "模様") in said, said


def _riichi(at):
    return read_as(at, "tokyo-mahjong", ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "2z", "2z", "5z", "5z",
                                         "5z"])


def test_the_shipped_tile_set_is_offered_by_a_readable_name(home):
    at = open_page("score_photo", "tokyo-mahjong")
    box = at.selectbox(key="photo_tileset")
    assert "hk-mahjong" not in box.options
    assert "Hong Kong mahjong set (hk-mahjong)" in box.options
    at = open_page("score_photo", "tokyo-mahjong", "ja")
    assert any("香港" in o for o in at.selectbox(key="photo_tileset").options)


@pytest.mark.parametrize("lang, name", [("en", "Plum (flower tile)"), ("ja", "梅 (花牌)")])
def test_a_flower_left_out_is_named(home, lang, name):
    from dataclasses import replace

    from app.components.photo import PhotoTile

    at = _riichi(open_page("score_photo", "tokyo-mahjong", lang))
    reading = at.session_state["photo_reading"]
    flower = PhotoTile((500.0, 10.0, 525.0, 50.0), "f5", 0.9, foreign=True)
    at.session_state["photo_reading"] = replace(reading, tiles=(*reading.tiles, flower))
    at.run()
    said = " ".join(i.value for i in at.info)
    assert name in said and ": f5" not in said, said


def test_a_meld_typed_then_another_set_does_not_say_tiles_were_corrected(home):
    at = _riichi(open_page("score_photo", "tokyo-mahjong"))
    at.text_input(key="photo_melds").set_value("pon 555z").run()
    at.text_input(key="photo_melds").set_value("").run()
    at.selectbox(key="photo_tileset").set_value("hk-mahjong").run()
    assert "you had corrected" not in texts(at)


def test_another_set_after_a_correction_still_says_so(home):
    at = _riichi(open_page("score_photo", "tokyo-mahjong"))
    at.session_state["photo_tiles"] = ["1m", *at.session_state["photo_tiles"][1:]]
    at.run()
    at.selectbox(key="photo_tileset").set_value("hk-mahjong").run()
    assert "you had corrected" in texts(at)


def _keep_open(lang="en"):
    at = read_as(open_page("score_photo", "yokai-watch", lang), "yokai-watch", YOKAI_WIN)
    return at


@pytest.mark.parametrize("lang, said", [("en", "Name the new dataset"), ("ja", "新しいデータセットの名前")])
def test_an_empty_dataset_name_is_said_as_a_sentence(home, lang, said):
    at = _keep_open(lang)
    at.text_input(key="photo_keep_name").set_value("").run()
    at.button(key="photo_keep").click().run()
    assert at.error and at.error[0].value.startswith(said), [e.value for e in at.error]


def test_a_name_error_goes_once_the_page_is_used_again(home):
    at = _keep_open()
    at.text_input(key="photo_keep_name").set_value("../../etc").run()
    at.button(key="photo_keep").click().run()
    assert any("dataset name cannot hold" in e.value for e in at.error)
    at.checkbox(key="photo_riichi").uncheck().run()
    assert not any("dataset name cannot hold" in e.value for e in at.error)


def test_the_photo_numbers_its_tiles_without_their_names(monkeypatch):
    from PIL import ImageDraw

    from app.components.photo import PhotoTile, boxed

    drawn: list[str] = []
    text = ImageDraw.ImageDraw.text

    def spy(self, xy, words, *args, **kwargs):
        drawn.append(words)
        return text(self, xy, words, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    tiles = [PhotoTile((100.0 * i, 20.0, 100.0 * i + 90, 70.0), k, 0.99) for i, k in enumerate(["1m", "2m"])]
    boxed(np.zeros((80, 300, 3), np.uint8), tiles, ["Wide name 1", "Wide name 2"])
    assert drawn == ["1", "2"]


def test_the_picker_crop_is_the_tile_alone_outlined():
    from app.components.photo import PhotoReading, PhotoTile

    image = np.full((40, 100, 3), 90, np.uint8)
    tiles = (PhotoTile((10, 10, 30, 30), "a", 0.9), PhotoTile((28, 10, 48, 30), "b", 0.9))  # overlapping boxes
    crop = PhotoReading(image, tiles, (100, 40)).face_crop(1)
    assert crop.shape[:2] == (20, 20)  # the box, not its neighbour's edge
    assert (crop[0, 10] != 90).any() and (crop[10, 10] == 90).all()  # an outline at its edge, the face untouched


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_dealt_tenpai_box_has_a_short_label_and_its_detail_in_help(home, lang):
    from app.components.i18n import STRINGS

    ja, en = STRINGS["dealt_tenpai"]
    label = ja if lang == "ja" else en
    # short enough for a phone's line (the old one was cut off there); the bracket a native re-read asked for
    assert len(label) <= (20 if lang == "ja" else 36), label
    help_ja, help_en = STRINGS["dealt_tenpai_help"]
    assert ("リーチ" in help_ja) and ("riichi" in help_en)


def test_a_blurred_photo_with_something_in_it_is_still_called_blurry(home):
    import cv2

    rng = np.random.default_rng(0)
    blocks = rng.integers(0, 255, (12, 16, 3), dtype=np.uint8)
    image = cv2.GaussianBlur(cv2.resize(blocks, (640, 480), interpolation=cv2.INTER_NEAREST), (0, 0), 12)
    data = cv2.imencode(".jpg", image)[1].tobytes()
    at = _upload(open_page("score_photo", "yokai-watch"), "blurred.jpg", data)
    said = " ".join(w.value for w in at.warning)
    assert "blurry" in said and "no detail" not in said, said


@pytest.mark.parametrize("lang, says", [("en", "Scoring with the edited table"), ("ja", "編集した表で採点しています")])
def test_the_photo_page_says_an_edited_table_is_in_use(home, lang, says):
    from app import settings

    at = open_page("score_photo", "nogizaka", lang)
    assert says not in texts(at)
    settings.save_house_table("nogizaka", settings.game_text("nogizaka").replace("copies = 6", "copies = 5", 1))
    at.run()
    assert says in texts(at), texts(at)


def test_the_photo_is_shown_cut_to_the_rows_of_its_tiles():
    from app.components.photo import PhotoReading, PhotoTile, shown_rows

    tiles = tuple(PhotoTile((40.0 * i, 100.0, 40.0 * i + 36, 160.0), "a", 0.9) for i in range(9))
    reading = PhotoReading(np.zeros((640, 640, 3), np.uint8), tiles, (640, 640))
    top, bottom = shown_rows(reading)
    assert top <= 100 - 40 and bottom >= 160 + 40  # room above and below for the numbers and a missed tile
    assert bottom - top <= 0.5 * 640  # a phone scrolls past a third of the felt no more
    spread = tuple(PhotoTile((40.0 * i, 60.0 * i, 40.0 * i + 36, 60.0 * i + 60), "a", 0.9) for i in range(9))
    assert shown_rows(PhotoReading(np.zeros((640, 640, 3), np.uint8), spread, (640, 640))) == (0, 640)
    assert shown_rows(PhotoReading(np.zeros((640, 640, 3), np.uint8), (), (640, 640))) == (0, 640)
