"""Session 60, F17: `tilelens read` of a blank photo of a camera's size (a wall, a covered lens) said the ordinary
"no tiles found (they may be too small in the photo, or not in view: photograph the hand closer ...)", while the app's
photo page, judging the same photo plain (``vision.photo_checks.judge``'s ``plain``), says "the photo has no detail, as
if nothing is in it" (``no_tiles_plain``). `read` says the page's words now (``NO_TILES_PLAIN``); a photo with no tile
found that is not plain still gets ``NO_TILES``."""
import json

import cv2
import numpy as np
import pytest

from tilelens.cli import main as tilelens
from vision.photo_checks import plain
from vision.read_cli import NO_TILES, NO_TILES_DARK, NO_TILES_PLAIN, NO_TILES_SMALL


@pytest.fixture
def read(capsys, monkeypatch):
    def run(lang, *argv):
        monkeypatch.setenv("TILELENS_LANG", lang)
        return tilelens(["read", *argv]), capsys.readouterr()
    return run


@pytest.fixture
def blank(tmp_path):
    path = tmp_path / "wall.jpg"
    cv2.imwrite(str(path), np.full((480, 640, 3), (60, 140, 200), np.uint8))  # a coloured wall: no grey photo's note
    return path


@pytest.mark.parametrize("lang, words, closer", [
    ("en", "the photo has no detail, as if nothing is in it", "photograph the hand closer"),
    ("ja", "写真に模様がなく、何も写っていないようです", "近くから撮ってください")])
def test_a_blank_photo_is_said_to_have_nothing_in_it_as_the_page_says(read, blank, lang, words, closer):
    assert plain(cv2.imread(str(blank)))  # what the photo page judges it
    for mode in ([], ["--kinds"], ["--json"]):
        code, said = read(lang, str(blank), "--game", "nogizaka", *mode)
        assert code == 0 and said.err.strip() == f"tilelens read: {NO_TILES_PLAIN[lang].format(path=blank)}", said.err
        assert words in said.err and closer not in said.err + said.out, (said.out, said.err)
    assert json.loads(said.out)["images"][0]["kinds"] == []  # --json as a script reads it


def test_the_plain_words_stand_beside_the_others():
    for lang in ("en", "ja"):
        texts = [w[lang] for w in (NO_TILES, NO_TILES_DARK, NO_TILES_SMALL, NO_TILES_PLAIN)]
        assert len(set(texts)) == 4 and all(t.startswith("{path}: ") for t in texts)
    assert "no tiles found" in NO_TILES_PLAIN["en"] and "牌が見つかりませんでした" in NO_TILES_PLAIN["ja"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_photo_with_no_tiles_that_is_not_plain_still_says_no_tiles(read, tmp_path, lang):
    """A grained wall (the coloured wall of ``test_cli_misc_49``'s ``no_tiles``, with a grain: detail, no tile) is an
    ordinary photo of no tiles: ``NO_TILES``, and no note."""
    path = tmp_path / "wall.jpg"
    img = np.full((480, 640, 3), (60, 140, 200), np.uint8)
    img += np.random.default_rng(0).integers(0, 40, img.shape, dtype=np.uint8)
    cv2.imwrite(str(path), img)
    assert not plain(cv2.imread(str(path)))
    code, said = read(lang, str(path), "--game", "nogizaka")
    assert code == 0 and said.out.splitlines() == [f"{path}: {'0 tiles' if lang == 'en' else '0枚'}"], said.out
    assert said.err.strip() == f"tilelens read: {NO_TILES[lang].format(path=path)}", said.err
