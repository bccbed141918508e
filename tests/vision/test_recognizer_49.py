"""Reading photos with a house game file of its own id, and the "is the game right?" flag on right-game photos read
poorly for a cause other than the game: tiles too small in the photo, colours lost (a palette, no colour)."""
import io
from pathlib import Path

import cv2
import numpy as np
import pytest

from scorer.catalog import load_game
from vision import recognizer
from vision.recognizer import Recognizer, RecognizerError, looks_of_another_game

GAMES = Path(__file__).resolve().parents[2] / "scorer" / "games"
FRUITS = Path(__file__).resolve().parents[1] / "scorer" / "data" / "house-fruits.toml"
NOGIZAKA = "maimai himetan almighty-yellow rarin himetan almighty-lightblue maimai himetan kotoko".split()
RIICHI = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()
EVERY_RIICHI_KIND = ["123456789m123456789p123456789s1234567z"]  # the walkthrough's 34-tile row


def _house(tmp_path, game="nogizaka", new_id="my-house", copies=None):
    text = (GAMES / f"{game}.toml").read_text(encoding="utf-8").replace(f'id = "{game}"', f'id = "{new_id}"', 1)
    path = tmp_path / "myhouse.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_house_file_with_its_own_id_reads_with_the_classifier_of_its_tiles_game(tmp_path):
    path = _house(tmp_path)
    assert load_game(str(path)).id == "my-house"
    rec = Recognizer.load(game=str(path), boxcheck=False, orient=False)
    assert rec.game == "nogizaka"  # the shipped game whose tiles the file's are: its classifier names them
    assert set(rec.classifier.spec.classes) == {t.id for t in load_game("nogizaka").tiles}
    assert rec.copies == load_game(str(path)).inventory()  # the house file's set bounds the reading, as before


def test_a_house_file_whose_tiles_no_classifier_knows_says_so_not_how_to_train(tmp_path):
    with pytest.raises(RecognizerError) as err:
        Recognizer.load(game=str(FRUITS), boxcheck=False, orient=False)
    en, ja = str(err.value), err.value.message_ja
    assert "house-fruits" in en and "apple" in en and "apple" in ja and "not those of any game" in en
    assert "train" not in en and "--models" not in en and "\n" not in en
    assert "分類モデル" in ja and "house-fruits" in ja


def test_a_house_file_mixing_two_games_tiles_says_so(tmp_path):
    path = _house(tmp_path)
    text = path.read_text(encoding="utf-8")
    riichi = (GAMES / "tokyo-mahjong.toml").read_text(encoding="utf-8")
    assert 'id = "1m"' in riichi
    path.write_text(text.replace('id = "maimai"', 'id = "1m"', 1), encoding="utf-8")
    try:
        load_game(str(path))
    except Exception:  # noqa: BLE001 - a file the scorer refuses says so itself: nothing to test here
        pytest.skip("the scorer refuses the mixed file itself")
    with pytest.raises(RecognizerError) as err:
        Recognizer.load(game=str(path), boxcheck=False, orient=False)
    assert "train" not in str(err.value) and "1m" in str(err.value)


def test_tiles_too_small_to_judge_are_not_said_to_be_another_games():
    least = recognizer.OTHER_GAME_MIN_PX
    assert looks_of_another_game([0.5] * 9) and looks_of_another_game([0.5] * 9, tile_px=least)
    assert not looks_of_another_game([0.5] * 9, tile_px=least - 1)


@pytest.fixture(scope="module")
def riichi():
    return Recognizer.load(game="tokyo-mahjong")


@pytest.fixture(scope="module")
def nogizaka():
    return Recognizer.load(game="nogizaka")


def test_a_long_row_of_every_riichi_kind_is_not_said_to_be_another_games(riichi):
    from vision.synth import render_hand

    # 34 tiles across a 640 px photo: ~24 px a tile, read unsurely for their size (mean kind confidence 0.68;
    # the same scene at 960 px, 35 px a tile, reads 0.88), not for the game
    reading = riichi.read(render_hand("tokyo-mahjong", EVERY_RIICHI_KIND, seed=3).image)
    assert len(reading.kinds) >= 30
    assert not reading.other_game and reading.to_dict()["other_game"] is False


def test_a_riichi_hand_read_as_nogizaka_is_still_flagged(nogizaka):
    from vision.synth import render_hand

    reading = nogizaka.read(render_hand("tokyo-mahjong", RIICHI, seed=3, effects=0.0).image)
    assert len(reading.kinds) >= 4 and reading.other_game


def _palette_png(image: np.ndarray, colours: int = 64) -> bytes:
    from PIL import Image

    rgb = Image.fromarray(cv2.cvtColor(image, cv2.COLOR_BGR2RGB)).quantize(colours)
    out = io.BytesIO()
    rgb.save(out, "PNG")
    return out.getvalue()


def test_a_palette_or_grey_photo_of_the_right_game_is_not_said_to_be_another_games(nogizaka, tmp_path):
    from vision.image_io import load_image_sized
    from vision.synth import render_hand

    image = render_hand("nogizaka", NOGIZAKA, seed=0).image
    assert not nogizaka.read(image).other_game
    png = _palette_png(image)
    (tmp_path / "pal.png").write_bytes(png)
    decoded, _ = load_image_sized(str(tmp_path / "pal.png"))  # as `tilelens read` hands it over: an array
    for photo in (png, str(tmp_path / "pal.png"), decoded):
        reading = nogizaka.read(photo)
        assert len(reading.kinds) >= 4 and not reading.other_game and reading.to_dict()["other_game"] is False
    grey = cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    assert not nogizaka.read(grey).other_game
